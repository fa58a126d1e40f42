import Foundation
import Testing

/// A broken copy of the default scenario file, and the key its error must name.
enum BadScenarioFile: String, CaseIterable, Sendable {
    case invalidJSONSyntax
    case missingKey
    case unknownKey
    case negativeDistance
    case nonexistentFile

    /// The file's bytes, or nil for a file that must not exist.
    func contents() throws -> Data? {
        let original = try Data(contentsOf: DefaultSuite.url)
        switch self {
        case .invalidJSONSyntax:
            var text = String(decoding: original, as: UTF8.self)
            let range = try #require(text.range(of: "\"name\": \"default\","))
            text.replaceSubrange(range, with: "\"name\": \"default\",,")
            return Data(text.utf8)
        case .missingKey:
            return try modified(original) { json in
                var signals = json["signals"] as! [[String: Any]]
                signals[0].removeValue(forKey: "jitterMeters")
                json["signals"] = signals
            }
        case .unknownKey:
            return try modified(original) { json in
                var signals = json["signals"] as! [[String: Any]]
                signals[2]["jiterMeters"] = 0.2
                json["signals"] = signals
            }
        case .negativeDistance:
            return try modified(original) { json in
                json["distancesMeters"] = [1000, -5000, 10000]
            }
        case .nonexistentFile:
            return nil
        }
    }

    /// Fragments the error must contain besides the file name.
    var messageFragments: [String] {
        switch self {
        case .invalidJSONSyntax: ["is not valid JSON"]
        case .missingKey: ["key 'signals[0].jitterMeters'", "missing"]
        case .unknownKey: ["key 'signals[2].jiterMeters'", "unknown key", "did you mean 'jitterMeters'?"]
        case .negativeDistance: ["key 'distancesMeters'", "from 10 to 1000000 m", "-5000"]
        case .nonexistentFile: ["cannot read scenario file", "no such file"]
        }
    }

    private func modified(_ data: Data, _ change: (inout [String: Any]) -> Void) throws -> Data {
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        change(&json)
        return try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
    }
}

/// A broken scenario file stops `run` and `list` with an error naming the file and the key.
struct ScenarioFileErrorTests {
    @Test(arguments: BadScenarioFile.allCases)
    func badScenarioFileExitsWithFailureNamingFileAndKey(_ bad: BadScenarioFile) async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("\(bad.rawValue).json")
            if let contents = try bad.contents() {
                try contents.write(to: file)
            }
            let output = folder.appendingPathComponent("out")
            let result = try await TrackBenchExecutable.run(["run", "--seed", "100", "--scenarios", file.path, "--output", output.path])
            #expect(result.status == 1)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("Error: "))
            #expect(result.standardError.contains("'\(file.path)'"), "the error does not name the file")
            for fragment in bad.messageFragments {
                #expect(result.standardError.contains(fragment), "\(result.standardError) lacks \(fragment)")
            }
            #expect(!result.standardError.contains("USAGE:"), "a bad file is not a usage error")
            let results = output.appendingPathComponent("results.csv")
            #expect(!FileManager.default.fileExists(atPath: results.path), "results.csv written for a bad suite")
        }
    }

    @Test func listReportsABadScenarioFileLikeRun() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("broken.json")
            try #require(try BadScenarioFile.missingKey.contents()).write(to: file)
            let result = try await TrackBenchExecutable.run(["list", "--scenarios", file.path])
            #expect(result.status == 1)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.contains("scenario file '\(file.path)'"))
            #expect(result.standardError.contains("signals[0].jitterMeters"))
        }
    }
}
