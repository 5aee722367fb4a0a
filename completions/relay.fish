# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_relay_global_optspecs
    string join \n home= port= socket= h/help V/version
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
complete -c relay -n "__fish_relay_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c relay -n "__fish_relay_needs_command" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_needs_command" -f -a "demo" -d 'Open the terminal window on a demo data directory of its own'
complete -c relay -n "__fish_relay_needs_command" -f -a "daemon" -d 'Run, start, stop and inspect the relayd daemon'
complete -c relay -n "__fish_relay_needs_command" -f -a "token" -d 'Print the API token agents and scripts send as `Authorization: Bearer`'
complete -c relay -n "__fish_relay_needs_command" -f -a "backup" -d 'Write an online backup of the database while relayd keeps running'
complete -c relay -n "__fish_relay_needs_command" -f -a "restore" -d 'Replace the database with a backup (relayd must be stopped)'
complete -c relay -n "__fish_relay_needs_command" -f -a "doctor" -d 'Check the daemon, data directory, token, socket, HTTP port and store; exit 1 on a failure'
complete -c relay -n "__fish_relay_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c relay -n "__fish_relay_needs_command" -f -a "man" -d 'Print the man page (or write every page into a directory)'
complete -c relay -n "__fish_relay_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand demo" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand demo" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand demo" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand demo" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand demo" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -f -a "run" -d 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -f -a "start" -d 'Start relayd in the background unless it is running'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -f -a "stop" -d 'Stop relayd gracefully'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -f -a "status" -d 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -f -a "logs" -d 'Print relayd\'s log'
complete -c relay -n "__fish_relay_using_subcommand daemon; and not __fish_seen_subcommand_from run start stop status logs help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from run" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from start" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from stop" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -l json -d 'Print the status as JSON'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -s n -l lines -d 'How many of the last lines to print' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -s f -l follow -d 'Keep printing new lines as they are written'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from logs" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "run" -d 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "start" -d 'Start relayd in the background unless it is running'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "stop" -d 'Stop relayd gracefully'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "logs" -d 'Print relayd\'s log'
complete -c relay -n "__fish_relay_using_subcommand daemon; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand token" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand token" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand token" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand token" -l rotate -d 'Replace the token with a new random one (restart relayd to use it)'
complete -c relay -n "__fish_relay_using_subcommand token" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand token" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand backup" -s o -l output -d 'The backup file to write' -r -F
complete -c relay -n "__fish_relay_using_subcommand backup" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand backup" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand backup" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand backup" -l overwrite -d 'Replace FILE when it exists'
complete -c relay -n "__fish_relay_using_subcommand backup" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand backup" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand restore" -s i -l input -d 'The backup file to restore' -r -F
complete -c relay -n "__fish_relay_using_subcommand restore" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand restore" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand restore" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand restore" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand restore" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand doctor" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand doctor" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand doctor" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand doctor" -l json -d 'Print the checks as JSON'
complete -c relay -n "__fish_relay_using_subcommand doctor" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand doctor" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand completions" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand completions" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand completions" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand completions" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand completions" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand man" -l dir -d 'Write relay.1 and one page per subcommand into DIR' -r -F
complete -c relay -n "__fish_relay_using_subcommand man" -l home -d 'Data directory (database, token, config.toml) [env: RELAY_HOME]' -r -F
complete -c relay -n "__fish_relay_using_subcommand man" -l port -d 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]' -r
complete -c relay -n "__fish_relay_using_subcommand man" -l socket -d 'Path of the daemon\'s local socket [env: RELAY_SOCKET]' -r -F
complete -c relay -n "__fish_relay_using_subcommand man" -s h -l help -d 'Print help'
complete -c relay -n "__fish_relay_using_subcommand man" -s V -l version -d 'Print version'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore doctor completions man help" -f -a "demo" -d 'Open the terminal window on a demo data directory of its own'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore doctor completions man help" -f -a "daemon" -d 'Run, start, stop and inspect the relayd daemon'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore doctor completions man help" -f -a "token" -d 'Print the API token agents and scripts send as `Authorization: Bearer`'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore doctor completions man help" -f -a "backup" -d 'Write an online backup of the database while relayd keeps running'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore doctor completions man help" -f -a "restore" -d 'Replace the database with a backup (relayd must be stopped)'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore doctor completions man help" -f -a "doctor" -d 'Check the daemon, data directory, token, socket, HTTP port and store; exit 1 on a failure'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore doctor completions man help" -f -a "completions" -d 'Print a shell completion script'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore doctor completions man help" -f -a "man" -d 'Print the man page (or write every page into a directory)'
complete -c relay -n "__fish_relay_using_subcommand help; and not __fish_seen_subcommand_from demo daemon token backup restore doctor completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "run" -d 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "start" -d 'Start relayd in the background unless it is running'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "stop" -d 'Stop relayd gracefully'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "status" -d 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
complete -c relay -n "__fish_relay_using_subcommand help; and __fish_seen_subcommand_from daemon" -f -a "logs" -d 'Print relayd\'s log'
