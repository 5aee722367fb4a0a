
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
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand demo 'Open the terminal window on a demo data directory of its own'
            cand daemon 'Run, start, stop and inspect the relayd daemon'
            cand token 'Print the API token agents and scripts send as `Authorization: Bearer`'
            cand backup 'Write an online backup of the database while relayd keeps running'
            cand restore 'Replace the database with a backup (relayd must be stopped)'
            cand doctor 'Check the daemon, data directory, token, socket, HTTP port and store; exit 1 on a failure'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (or write every page into a directory)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;demo'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand run 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
            cand start 'Start relayd in the background unless it is running'
            cand stop 'Stop relayd gracefully'
            cand status 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
            cand logs 'Print relayd''s log'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'relay;daemon;run'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;start'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;stop'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;status'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --json 'Print the status as JSON'
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
            cand -f 'Keep printing new lines as they are written'
            cand --follow 'Keep printing new lines as they are written'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;daemon;help'= {
            cand run 'Run relayd in the foreground (for service managers; Ctrl-C stops it)'
            cand start 'Start relayd in the background unless it is running'
            cand stop 'Stop relayd gracefully'
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
        &'relay;daemon;help;status'= {
        }
        &'relay;daemon;help;logs'= {
        }
        &'relay;daemon;help;help'= {
        }
        &'relay;token'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --rotate 'Replace the token with a new random one (restart relayd to use it)'
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
            cand --overwrite 'Replace FILE when it exists'
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
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;doctor'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
            cand --json 'Print the checks as JSON'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;completions'= {
            cand --home 'Data directory (database, token, config.toml) [env: RELAY_HOME]'
            cand --port 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]'
            cand --socket 'Path of the daemon''s local socket [env: RELAY_SOCKET]'
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
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'relay;help'= {
            cand demo 'Open the terminal window on a demo data directory of its own'
            cand daemon 'Run, start, stop and inspect the relayd daemon'
            cand token 'Print the API token agents and scripts send as `Authorization: Bearer`'
            cand backup 'Write an online backup of the database while relayd keeps running'
            cand restore 'Replace the database with a backup (relayd must be stopped)'
            cand doctor 'Check the daemon, data directory, token, socket, HTTP port and store; exit 1 on a failure'
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
            cand status 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run'
            cand logs 'Print relayd''s log'
        }
        &'relay;help;daemon;run'= {
        }
        &'relay;help;daemon;start'= {
        }
        &'relay;help;daemon;stop'= {
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
        &'relay;help;doctor'= {
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
