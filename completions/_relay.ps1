
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
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Open the terminal window on a demo data directory of its own')
            [CompletionResult]::new('daemon', 'daemon', [CompletionResultType]::ParameterValue, 'Run, start, stop and inspect the relayd daemon')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the API token agents and scripts send as `Authorization: Bearer`')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Write an online backup of the database while relayd keeps running')
            [CompletionResult]::new('restore', 'restore', [CompletionResultType]::ParameterValue, 'Replace the database with a backup (relayd must be stopped)')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the daemon, data directory, token, socket, HTTP port and store; exit 1 on a failure')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page into a directory)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;demo' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
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
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run relayd in the foreground (for service managers; Ctrl-C stops it)')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Start relayd in the background unless it is running')
            [CompletionResult]::new('stop', 'stop', [CompletionResultType]::ParameterValue, 'Stop relayd gracefully')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run')
            [CompletionResult]::new('logs', 'logs', [CompletionResultType]::ParameterValue, 'Print relayd''s log')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'relay;daemon;run' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
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
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the status as JSON')
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
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Keep printing new lines as they are written')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Keep printing new lines as they are written')
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
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--rotate', '--rotate', [CompletionResultType]::ParameterName, 'Replace the token with a new random one (restart relayd to use it)')
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
            [CompletionResult]::new('--overwrite', '--overwrite', [CompletionResultType]::ParameterName, 'Replace FILE when it exists')
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
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;doctor' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the checks as JSON')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;completions' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'Data directory (database, token, config.toml) [env: RELAY_HOME]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Path of the daemon''s local socket [env: RELAY_SOCKET]')
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
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'relay;help' {
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Open the terminal window on a demo data directory of its own')
            [CompletionResult]::new('daemon', 'daemon', [CompletionResultType]::ParameterValue, 'Run, start, stop and inspect the relayd daemon')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the API token agents and scripts send as `Authorization: Bearer`')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Write an online backup of the database while relayd keeps running')
            [CompletionResult]::new('restore', 'restore', [CompletionResultType]::ParameterValue, 'Replace the database with a backup (relayd must be stopped)')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the daemon, data directory, token, socket, HTTP port and store; exit 1 on a failure')
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
        'relay;help;doctor' {
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
