import AnnouncementKit

/// `announce completions SHELL`: prints a completion script for bash, zsh or fish.
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions",
        summary: "Print the shell completion script for bash, zsh or fish.",
        positionalName: "SHELL",
        minimumPositionals: 1,
        maximumPositionals: 1,
        options: [],
        discussion: """
            The script completes the commands, their options and the values an option takes (formats,
            styles, locales), and file or folder names where a command takes them. It is made from the
            same command descriptions as --help and the man page, so it is never behind the tool.

            bash:  source <(announce completions bash)     (or save it in bash-completion's folder)
            zsh:   announce completions zsh > "${fpath[1]}/_announce"
            fish:  announce completions fish > ~/.config/fish/completions/announce.fish

            `make install` installs all three.
            """,
        positionalCompletion: .words(ShellCompletion.shells))

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        let shell = arguments.positionals[0]
        guard let script = ShellCompletion.script(for: shell, specs: Announce.commands.map(\.spec)) else {
            let suggestion = ArgumentParser.closest(to: shell, among: ShellCompletion.shells)
            let didYouMean = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return CommandResult(
                standardError: "announce completions: unknown shell '\(TerminalText.escaped(shell))'; "
                    + "expected one of \(ShellCompletion.shells.joined(separator: ", ")).\(didYouMean)\n",
                status: .usage)
        }
        return CommandResult(standardOutput: script)
    }
}
