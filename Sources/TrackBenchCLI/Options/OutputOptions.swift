import Foundation

/// `--output`: the folder a command writes into. Shared by every command that writes files; each explains it with
/// its own help line (`help(_:default:)`), and `export` and `dem` require it (`required()`).
enum OutputOptions {
    static let folder = Option<URL>.folder(name: "--output", help: "Folder to write into, created if missing.")
}
