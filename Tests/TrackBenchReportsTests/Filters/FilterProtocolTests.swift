import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchReports

struct FilterProtocolTests {
    private let fix = LocationFix(
        latitude: 51.5, longitude: -0.12, altitudeMeters: 30, horizontalAccuracyMeters: 5, verticalAccuracyMeters: 3,
        courseDegrees: 90, speedMetersPerSecond: 1.4, timestampSeconds: 10, deliveryTimeSeconds: 12.5
    )

    private func parse(_ text: String) throws(FilterProtocolViolation) -> LocationFix? {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { line throws(FilterProtocolViolation) in try FilterProtocol.estimate(parsing: line, for: fix) }
    }

    @Test func anEstimateKeepsTheFixTimesAndTakesTheAnsweredFields() throws {
        let estimate = try #require(try parse(#"{"longitude": -0.125, "latitude":51.25 ,"speed_mps":2,"altitude_m":-1e-3}"#))
        #expect(estimate.latitude == 51.25 && estimate.longitude == -0.125)
        #expect(estimate.altitudeMeters == -0.001 && estimate.speedMetersPerSecond == 2)
        #expect(estimate.deliveryTimeSeconds == 12.5 && estimate.timestampSeconds == 10 && estimate.horizontalAccuracyMeters == 5)
    }

    @Test func nullIsNoEstimateAndNullOptionalFieldsKeepTheFixs() throws {
        #expect(try parse(" null ") == nil)
        let estimate = try #require(try parse(#"{"latitude": 1, "longitude": 2, "altitude_m": null}"#))
        #expect(estimate.altitudeMeters == 30)
    }

    @Test(arguments: [
        ("", "expected null"),
        ("nul", "expected null"),
        (#"{"latitude": 1}"#, "both"),
        (#"{"latitude": 1, "longitude": 2"#, "expected ',' or '}'"),
        (#"{"latitude": 1, "longitude": 2} x"#, "unexpected text"),
        (#"{"latitude": NaN, "longitude": 2}"#, "expected a number"),
        (#"{"latitude": 1e999, "longitude": 2}"#, "not finite"),
        (#"{"latitude": 1.2.3, "longitude": 2}"#, "expected a number"),
        (#"{"latitude": 0x10, "longitude": 2}"#, "expected ',' or '}'"),
        (#"{"latitude": 91, "longitude": 2}"#, "outside -90...90"),
        (#"{"latitude": 1, "longitude": 2, "lat": 3}"#, "unknown key \"lat\""),
        (#"{"latitude": 037.4, "longitude": 2}"#, "in JSON's grammar, not '037.4'"),
        (#"{"latitude": +1, "longitude": 2}"#, "in JSON's grammar, not '+1'"),
        (#"{"latitude": .5, "longitude": 2}"#, "in JSON's grammar, not '.5'"),
        (#"{"latitude": 1., "longitude": 2}"#, "in JSON's grammar, not '1.'"),
        (#"{"latitude": 1e, "longitude": 2}"#, "in JSON's grammar, not '1e'"),
        (#"{"latitude": 1, "longitude": 2, "latitude": 3}"#, "\"latitude\" appears twice in the answer"),
        (#"{"latitude": 1, "longitude": 2, "speed_mps": null, "speed_mps": 3}"#, "\"speed_mps\" appears twice"),
    ])
    func aMalformedAnswerSaysWhatWasExpected(answer: String, reason: String) {
        #expect {
            _ = try parse(answer)
        } throws: { error in
            (error as? FilterProtocolViolation)?.reason.contains(reason) == true
        }
    }

    @Test func aFixLineCarriesNoisyCSVColumnsAtFullPrecision() throws {
        var noisy = fix
        noisy.latitude = 0.1 + 0.2
        var bytes: [UInt8] = []
        FilterProtocol.appendFix(noisy, to: &bytes)
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(line.hasSuffix("}\n"))
        #expect(line.contains(#""latitude":0.30000000000000004,"longitude":-0.12,"#))
        for column in PathCSV.columns {
            #expect(line.contains("\"\(column)\":"), "\(column)")
        }
    }

    @Test func sensorEventLinesCarryTheColumnsOfTheirCSVFiles() {
        var bytes: [UInt8] = []
        FilterProtocol.appendSensor(.steps(StepEvent(timeSeconds: 1.5, steps: 3, gait: .walk)), to: &bytes)
        FilterProtocol.appendSensor(.heading(HeadingEvent(timeSeconds: 2, magneticHeadingDegrees: 90.25, declinationDegrees: -1)), to: &bytes)
        FilterProtocol.appendSensor(.barometer(BarometerEvent(timeSeconds: 3, relativeAltitudeMeters: 0.5)), to: &bytes)
        FilterProtocol.appendSensor(.fix(fix), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {"type":"steps","time_s":1.5,"steps":3,"gait":"walk"}
            {"type":"heading","time_s":2.0,"magnetic_heading_deg":90.25,"declination_deg":-1.0}
            {"type":"barometer","time_s":3.0,"relative_altitude_m":0.5}

            """)
    }

    @Test func aStartLineEscapesTheScenarioAndWritesNullWithoutASeed() {
        var bytes: [UInt8] = []
        FilterProtocol.appendStart(scenario: "a\"b\\c\n", seed: nil, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"type":"start","scenario":"a\"b\\c\u000a","seed":null}"# + "\n")
    }

    @Test(arguments: ["0", "-0", "0.5", "-12.25e-3", "1E+1", "90"])
    func numbersInJSONsGrammarAreRead(number: String) throws {
        let estimate = try parse(#"{"latitude": \#(number), "longitude": 2}"#)
        #expect(estimate?.latitude == Double(number))
    }

    @Test func aHelloNameMayUseJSONEscapes() throws {
        let hello = try FilterProtocol.hello(parsing: #"{"online": true, "name": "m\u00e9d\"ian\ud83d\ude00", "trackbench": 1}"#)
        #expect(hello == .init(name: "m\u{e9}d\"ian\u{1F600}", timing: .online))
    }

    @Test(arguments: [
        (#"{"trackbench": true, "name": "m", "online": true}"#, #""trackbench" is not the integer 1"#),
        (#"{"trackbench": 1.0, "name": "m", "online": true}"#, #""trackbench" is not the integer 1"#),
        (#"{"trackbench": "1", "name": "m", "online": true}"#, #""trackbench" is not the integer 1"#),
        (#"{"trackbench": 1, "name": "m", "online": 1}"#, #""online" is not true or false"#),
        (#"{"trackbench": 1, "name": "m", "online": "true"}"#, #""online" is not true or false"#),
        (#"{"trackbench": 1, "name": "m", "online": true, "online": false}"#, #""online" appears twice in the hello"#),
        (#"{"trackbench": 1, "trackbench": 1, "name": "m", "online": true}"#, #""trackbench" appears twice in the hello"#),
        (#"{"trackbench": 1, "name": "m", "name": "n", "online": true}"#, #""name" appears twice in the hello"#),
        (#"{"trackbench": 1, "name": "m", "online": true, "extra": 1}"#, #"unknown key "extra" in the hello"#),
        (#"{"trackbench": 1, "name": "m", "online": true} x"#, "unexpected text after the hello"),
        (#"{"trackbench": 1, "online": true}"#, #"no "name" string"#),
        (#"{"name": "m", "online": true}"#, #"no "trackbench""#),
        (#"{"trackbench": 1, "name": "a\qb", "online": true}"#, "unknown escape"),
    ])
    func aHelloBreakingStrictJSONIsRefusedSayingWhy(line: String, reason: String) {
        #expect {
            _ = try FilterProtocol.hello(parsing: line)
        } throws: { error in
            (error as? FilterProtocolViolation)?.reason.contains(reason) == true
        }
    }

    @Test func aHelloGivesTheNameAndTimingAndABadOneIsRefused() throws {
        #expect(try FilterProtocol.hello(parsing: #"{"trackbench": 1, "name": "m", "online": false}"#) == .init(name: "m", timing: .offline))
        #expect(throws: FilterProtocolViolation.self) { try FilterProtocol.hello(parsing: #"{"trackbench": 2, "name": "m", "online": true}"#) }
        #expect(throws: FilterProtocolViolation.self) { try FilterProtocol.hello(parsing: "hello") }
    }
}
