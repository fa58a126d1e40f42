/// `--help` (or `-h`), accepted by every command.
enum HelpOption {
    static let help = Flag(name: "--help", help: "Show help information.")
}
