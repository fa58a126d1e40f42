import Foundation

/// Refuses an output option that would write over one of the command's own input files, before anything is run or
/// written: `check --junit` over its baseline, `fidelity --output` over its suite, `merge --output` over a part.
///
/// Paths are compared as files: standardized (`.` and `..`) and with symbolic links resolved against the working
/// directory, so `x`, `./x`, `dir/../x` and a link to `x` are one file. A folder output is refused when one of the
/// files the command writes into it is an input.
enum OutputGuard {
    /// An input file of the command, as given, and what it is, for messages: `the baseline, --baseline`, `part 2`.
    typealias Input = (role: String, path: String)

    /// The scenario file `--scenarios` names (or its default), as an input.
    static func scenarioFile(_ path: String) -> Input { ("the scenario file, \(SuiteOptions.scenarios.name)", path) }

    /// A results file `--results` names, as an input.
    static func resultsFile(_ path: String) -> Input { ("the results file, \(ResultsFileOptions.results.name)", path) }

    /// Refuses `file`, given to `option`, when it is one of `inputs`.
    /// - Throws: `UsageError.outputOverwritesInput` naming the option, the file and the input.
    static func check(file: String, option: String, against inputs: [Input]) throws(UsageError) {
        try check(writing: [URL(fileURLWithPath: file)], option: option, value: file, against: inputs)
    }

    /// Refuses `folder`, given to `option` (or its default), when one of the files `names` it is written as is one of `inputs`.
    /// - Throws: `UsageError.outputOverwritesInput` naming the option, the file it would write and the input.
    static func check(folder: URL, writing names: [String], option: String, against inputs: [Input]) throws(UsageError) {
        try check(writing: names.map { folder.appendingPathComponent($0) }, option: option, value: folder.relativePath, against: inputs)
    }

    private static func check(writing outputs: [URL], option: String, value: String, against inputs: [Input]) throws(UsageError) {
        for output in outputs {
            let written = resolvedPath(output)
            if let input = inputs.first(where: { resolvedPath(URL(fileURLWithPath: $0.path)) == written }) {
                throw .outputOverwritesInput(option: option, value: value, input: input.path, role: input.role)
            }
        }
    }

    /// The path of `url` standardized and with symbolic links resolved, also when the file (or its folder) does not
    /// exist yet: the part that exists is resolved and the rest appended.
    static func resolvedPath(_ url: URL) -> String {
        let standard = url.standardizedFileURL
        let parent = standard.deletingLastPathComponent()
        guard !FileManager.default.fileExists(atPath: standard.path), parent.path != standard.path else {
            return standard.resolvingSymlinksInPath().path
        }
        return URL(fileURLWithPath: resolvedPath(parent)).appendingPathComponent(standard.lastPathComponent).path
    }
}
