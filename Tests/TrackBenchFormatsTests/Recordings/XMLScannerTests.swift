import Foundation
import Testing
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// The XML scanner on documents written for the test, and the GPX and TCX reader on top of it.
struct XMLScannerTests {
    /// The events of `xml` as short strings: `<name a=v>`, the decoded text, `</name>`.
    private func events(_ xml: String) throws(XMLSyntaxError) -> [String] {
        try events(Data(xml.utf8))
    }

    private func events(_ data: Data) throws(XMLSyntaxError) -> [String] {
        try XMLScanner.scan(data) { (scanner: inout XMLScanner) throws(XMLSyntaxError) -> [String] in
            var result: [String] = []
            while let event = try scanner.next() {
                switch event {
                case let .start(element):
                    result.append("<\(element.name)" + element.attributes.map { " \($0.name)=\($0.value)" }.joined() + ">")
                case let .text(text):
                    result.append(scanner.string(text))
                case let .end(name):
                    result.append("</\(name)>")
                }
            }
            return result
        }
    }

    /// The error scanning `xml` throws, or nil.
    private func fault(_ xml: String) -> XMLSyntaxError? {
        fault(Data(xml.utf8))
    }

    private func fault(_ data: Data) -> XMLSyntaxError? {
        do {
            _ = try events(data)
            return nil
        } catch {
            return error
        }
    }

    private func read(_ xml: String) throws -> Recording {
        try Recording.read(Data(xml.utf8), file: "test.gpx")
    }

    /// A GPX track of `count` points a second apart, with `extra(i)` inside point `i`.
    private static func gpx(points count: Int, extra: (Int) -> String = { _ in "" }) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n"
        for index in 0..<count {
            let seconds = index % 60, minutes = index / 60 % 60, hours = index / 3600
            let time = "2024-01-01T\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds)Z"
            text += "<trkpt lat=\"\(47 + Double(index) * 1e-6)\" lon=\"8.5\"><ele>410.5</ele><time>\(time)</time>\(extra(index))</trkpt>\n"
        }
        return text + "</trkseg></trk>\n</gpx>\n"
    }

    // MARK: Events

    @Test func startTagsTextAndEndTagsComeInOrderWithReferencesDecoded() throws {
        let xml = """
        <?xml version="1.0"?><!-- a comment --><a x="1 &lt; 2" y='say "hi"' z="tab\there&#10;"><b/>\
        Fish &amp; chips &#xE9;&#233;<![CDATA[<not> &amp; a tag]]><?pi data?></a>
        """
        #expect(try events(xml) == [
            "<a x=1 < 2 y=say \"hi\" z=tab here\n>", "<b>", "</b>",
            "Fish & chips éé", "<not> &amp; a tag", "</a>",
        ])
    }

    @Test func namesKeepTheirPrefixAndMatchByLocalName() throws {
        let elements = try XMLScanner.scan(Data("<gpx:gpx xmlns:gpx=\"g\"><gpx:trkpt/></gpx:gpx>".utf8)) {
            (scanner: inout XMLScanner) throws(XMLSyntaxError) -> [XMLScanner.Element] in
            var elements: [XMLScanner.Element] = []
            while let event = try scanner.next() {
                if case let .start(element) = event { elements.append(element) }
            }
            return elements
        }
        #expect(elements.map(\.name) == ["gpx:gpx", "gpx:trkpt"])
        #expect(elements.map(\.localName) == ["gpx", "trkpt"])
        #expect(elements.map(\.column) == [1, 24])
    }

    @Test func lineBreaksInTextBecomeLineFeedsAndInAttributesSpaces() throws {
        #expect(try events("<a b=\"1\r\n2\r3\n4\">x\r\ny\rz</a>") == ["<a b=1 2 3 4>", "x\ny\nz", "</a>"])
    }

    @Test func aByteOrderMarkAndADoctypeWithoutEntitiesArePassedOver() throws {
        let xml = "\u{FEFF}<?xml version='1.0' encoding='utf-8'?>\n"
            + "<!DOCTYPE gpx PUBLIC \"-//x//EN\" \"http://example.com/gpx.dtd\" [\n"
            + "<!ELEMENT gpx ANY>\n<!ATTLIST gpx v CDATA \"a>b\">\n<!-- ]> -->\n]>\n<gpx/>"
        #expect(try events(xml) == ["<gpx>", "</gpx>"])
    }

    @Test func commentsAndProcessingInstructionsMayFollowTheRoot() throws {
        #expect(try events("<a/>\n<!-- done -->\n<?pi?>\n") == ["<a>", "</a>"])
    }

    // MARK: What the FoundationXML reader got wrong

    @Test func cdataHoldingProcessingInstructionMarkersKeepsEveryPoint() throws {
        let text = Self.gpx(points: 120) { index in
            switch index {
            case 22: "<desc><![CDATA[x <? y]]></desc>"
            case 80: "<desc><![CDATA[z ?> w]]></desc>"
            default: ""
            }
        }
        let recording = try read(text)
        #expect(recording.fixes.count == 120)
        #expect(recording.skipped.isEmpty)
    }

    @Test func aProcessingInstructionMarkerInACommentIsJustText() throws {
        let text = Self.gpx(points: 3).replacingOccurrences(of: "<trk>", with: "<!-- see <?xml ... --><trk>")
        #expect(try read(text).fixes.count == 3)
    }

    @Test func aTimeInCDATAOrWrittenWithReferencesIsRead() throws {
        let text = """
        <gpx><trk><trkseg>
        <trkpt lat="1" lon="2"><time><![CDATA[2024-01-01T00:00:00Z]]></time></trkpt>
        <trkpt lat="1.001" lon="2"><time>&#x32;024-01-01T00:00:01&#90;</time></trkpt>
        <trkpt lat="1.002" lon="2"><time> 2024-01-01<!-- a comment splits the text -->T00:00:02Z </time></trkpt>
        </trkseg></trk></gpx>
        """
        let recording = try read(text)
        #expect(recording.hasTimes)
        #expect(recording.fixes.map(\.timestampSeconds) == [1_704_067_200, 1_704_067_201, 1_704_067_202])
        #expect(recording.skipped.isEmpty)
    }

    @Test func extensionsAndUnknownElementsArePassedOver() throws {
        let text = """
        <gpx><metadata><time>2000-01-01T00:00:00Z</time><link href="x"><text>t</text></link></metadata>
        <trk><name>run</name><trkseg>
        <trkpt lat="1" lon="2"><unknown><deeper><time>1999-01-01T00:00:00Z</time></deeper></unknown>\
        <time>2024-01-01T00:00:00Z</time><extensions><a><b><ele>99</ele><extensions/></b></a></extensions></trkpt>
        <trkpt lat="1.001" lon="2"><time>2024-01-01T00:00:01Z</time><extensions><time>bogus</time></extensions></trkpt>
        </trkseg></trk></gpx>
        """
        let recording = try read(text)
        #expect(recording.fixes.map(\.timestampSeconds) == [1_704_067_200, 1_704_067_201])
        #expect(recording.fixes.map(\.verticalAccuracyMeters) == [-1, -1])
    }

    @Test func aNamespacedGPXReadsLikeAPlainOne() throws {
        let text = """
        <gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/0"><gpx:trk><gpx:trkseg>
        <gpx:trkpt lat="1" lon="2"><gpx:ele>5</gpx:ele><gpx:time>2024-01-01T00:00:00Z</gpx:time></gpx:trkpt>
        <gpx:trkpt lat="1.001" lon="2"><gpx:time>2024-01-01T00:00:01Z</gpx:time></gpx:trkpt>
        </gpx:trkseg></gpx:trk></gpx:gpx>
        """
        let recording = try read(text)
        #expect(recording.format == .gpx)
        #expect(recording.fixes.count == 2)
        #expect(recording.fixes[0].altitudeMeters == 5)
    }

    /// 20,000 points (about 2 MB) in debug, one of them missing its longitude; the 20 MB case is timed
    /// in release by `.ci/measure/xml-read.sh` (Docs/performance.md).
    @Test func aLargeGPXCountsEveryPoint() throws {
        let text = Self.gpx(points: 20_000).replacingOccurrences(
            of: "lon=\"8.5\"><ele>410.5</ele><time>2024-01-01T00:16:39Z", with: "><ele>410.5</ele><time>2024-01-01T00:16:39Z")
        let recording = try read(text)
        #expect(recording.fixes.count == 19_999)
        #expect(recording.skipped == [Recording.Skip(reason: "lat or lon missing or out of range", count: 1, firstLine: 1003)])
    }

    /// A 3-hour 10 Hz reference is over 10 MB; FoundationXML refused such files.
    @Test func aTCXOfTwelveMegabytesIsReadWithEveryPoint() throws {
        var text = "<?xml version=\"1.0\"?>\n<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\">"
            + "<Activities><Activity Sport=\"Running\"><Id>2024-01-01T00:00:00Z</Id><Lap StartTime=\"2024-01-01T00:00:00Z\"><Track>\n"
        let count = 60_000
        for index in 0..<count {
            let seconds = index % 60, minutes = index / 60 % 60, hours = index / 3600
            let time = String(format: "2024-01-01T%02d:%02d:%02dZ", hours, minutes, seconds)
            text += "<Trackpoint><Time>\(time)</Time><Position><LatitudeDegrees>\(47 + Double(index) * 1e-6)</LatitudeDegrees>"
                + "<LongitudeDegrees>8.5</LongitudeDegrees></Position><AltitudeMeters>410.5</AltitudeMeters>"
                + "<Extensions><TPX xmlns=\"http://www.garmin.com/xmlschemas/ActivityExtension/v2\"><Speed>2.5</Speed></TPX></Extensions>"
                + "</Trackpoint>\n"
        }
        text += "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n"
        #expect(text.utf8.count > 12_000_000)
        let recording = try Recording.read(Data(text.utf8), file: "long.tcx")
        #expect(recording.fixes.count == count)
        #expect(recording.skipped.isEmpty)
    }

    /// FoundationXML leaked an error object per malformed document; the hand-written scanner replaced it everywhere.
    @Test func noSourceImportsFoundationXML() throws {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("import FoundationXML") && !text.contains("XMLParser("), "\(file)")
        }
    }

    // MARK: Errors at the line and column of the fault

    @Test(arguments: ["\n", "\r\n", "\r"])
    func errorsNameTheLineAndColumnWhateverTheLineEndings(newline: String) {
        let lines = ["<gpx>", "<trk>", "  <trkpt lat=\"1\" lon=\"2\"<ele>"]
        let expected = XMLSyntaxError(line: 3, column: 25, problem: "expected '>' to close the start tag 'trkpt', found '<'")
        #expect(fault(lines.joined(separator: newline)) == expected)
        #expect(fault("\u{FEFF}" + lines.joined(separator: newline)) == expected)
        #expect(fault(lines.joined(separator: newline + newline)) == XMLSyntaxError(line: 5, column: 25, problem: expected.problem))
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(
            fault("<a>\n<né>é€😀<</né>")
                == XMLSyntaxError(line: 2, column: 9, problem: "expected an element name after '<' (write '&lt;' for a literal '<'), found '<'"))
    }

    @Test func mismatchedTagsNameBothTags() {
        #expect(fault("<gpx>\n <trk>\n  <trkseg>\n </trk>") == XMLSyntaxError(
            line: 4, column: 2, problem: "the end tag '</trk>' does not match the start tag '<trkseg>' opened at line 3, column 3"
        ))
    }

    @Test func everyTruncationOfAGPXIsAnErrorAtTheEndOfTheFile() throws {
        let text = Array(Self.gpx(points: 2) { _ in "<desc><![CDATA[d]]> &amp; <!-- c --><?p q?></desc>" }.utf8)
        // Up to the root's end tag; what follows it is white space.
        let end = text.count - 1
        for length in 1..<end {
            let error = try #require(fault(Data(text[..<length])), "a file cut after \(length) bytes read")
            #expect(error.problem.contains("end of file"), "cut after \(length) bytes: \(error.problem)")
            let lines = text[..<length].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            #expect(error.line == lines)
        }
        #expect(fault(Data(text)) == nil)
    }

    @Test func anUnclosedElementIsNamedWithWhereItOpened() {
        #expect(fault("<gpx>\n<trk>\n<trkpt lat=\"1\" lon=\"2\">\n") == XMLSyntaxError(
            line: 4, column: 1,
            problem: "unexpected end of file: the element '<trkpt>' opened at line 3, column 1 is never closed; the file may be truncated"
        ))
        #expect(fault("<gpx><trkpt lat=\"1") == XMLSyntaxError(
            line: 1, column: 19,
            problem: "unexpected end of file (expected the closing \" of the attribute 'lat'): "
                + "the element '<trkpt>' opened at line 1, column 6 is never closed; the file may be truncated"
        ))
        #expect(fault("<gpx><!-- no end") == XMLSyntaxError(
            line: 1, column: 17, problem: "unexpected end of file in the comment opened at line 1, column 6; the file may be truncated"
        ))
    }

    @Test func entityDeclarationsAreRefusedSoNeitherXXENorEntityBombsHappen() throws {
        let bomb = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [
          <!ENTITY lol "lol">
          <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        ]>
        <gpx>&lol2;</gpx>
        """
        let refusal = "the DOCTYPE declares an entity ('<!ENTITY'); "
            + "entity declarations are refused, so a file can neither read other files (XXE) nor expand without bound"
        #expect(fault(bomb) == XMLSyntaxError(line: 3, column: 3, problem: refusal))
        let xxe = "<!DOCTYPE gpx [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<gpx>&xxe;</gpx>"
        #expect(fault(xxe) == XMLSyntaxError(line: 1, column: 16, problem: refusal))
        #expect(fault("<!DOCTYPE gpx [ %pe; ]><gpx/>")?.problem == "a parameter-entity reference ('%') in the DOCTYPE; entities are not expanded")
        #expect(fault("<gpx>\n  &xxe;</gpx>") == XMLSyntaxError(
            line: 2, column: 3,
            problem: "undefined entity '&xxe;': only &lt; &gt; &amp; &apos; &quot; and character references such as &#233; are defined "
                + "(entities are never declared or expanded)"
        ))
        #expect(throws: RecordingFileError.malformedXML(file: "test.gpx", line: 1, column: 16, problem: refusal)) { try read(xxe) }
    }

    @Test(arguments: [
        (
            "<a>\n<b>caf\u{E9}</b></a>",
            XMLSyntaxError(line: 2, column: 7, problem: "malformed UTF-8: the byte 0xE9 does not begin a valid UTF-8 sequence")
        ),
        ("<?xml version='1.0' encoding='ISO-8859-1'?><a>\u{E9}</a>", XMLSyntaxError(
            line: 1, column: 47,
            problem: "malformed UTF-8: the byte 0xE9 does not begin a valid UTF-8 sequence; "
                + "the file declares encoding 'ISO-8859-1', but only UTF-8 is read: save it as UTF-8"
        )),
        ("<a>\u{C0}\u{80}</a>", XMLSyntaxError(line: 1, column: 4, problem: "malformed UTF-8: the byte 0xC0 does not begin a valid UTF-8 sequence")),
        (
            "<a>\u{ED}\u{A0}\u{80}</a>",
            XMLSyntaxError(line: 1, column: 4, problem: "malformed UTF-8: the byte 0xED does not begin a valid UTF-8 sequence")
        ),
        ("<a>x\u{E2}\u{82}", XMLSyntaxError(line: 1, column: 5, problem: "malformed UTF-8: the byte 0xE2 does not begin a valid UTF-8 sequence")),
    ])
    func malformedUTF8IsAnErrorAtItsPosition(latin1: String, expected: XMLSyntaxError) {
        // Each character of `latin1` stands for one byte, so the bytes can be anything.
        #expect(fault(Data(latin1.unicodeScalars.map { UInt8($0.value) })) == expected)
    }

    @Test(arguments: [
        ("<a>a -- b<!-- x -- y --></a>", 1, 17, "'--' is not allowed inside a comment, only in the '-->' that ends it"),
        ("<a>x ]]> y</a>", 1, 6, "']]>' is not allowed in text, where it ends no CDATA section (write ']]&gt;')"),
        ("<a b=\"1\" b=\"2\"/>", 1, 10, "the attribute 'b' appears twice in the start tag 'a'"),
        ("<a b=\"1\"c=\"2\"/>", 1, 9, "expected a space before the attribute 'c' in the start tag 'a'"),
        ("<a b=1/>", 1, 6, "expected a value in quotes (\" or ') for the attribute 'b', found '1'"),
        ("<a b=\"x<y\"/>", 1, 8, "'<' is not allowed in the value of the attribute 'b' (write '&lt;'), or its closing quote is missing"),
        ("<a>fish & chips</a>", 1, 10, "expected an entity name or '#' after '&' (write '&amp;' for a literal '&'), found a space"),
        ("<a>&amp</a>", 1, 8, "expected ';' to end the reference '&amp', found '<'"),
        ("<a>&#0;</a>", 1, 4, "the character reference '&#0;' names no character XML allows"),
        ("<a>&#x110000;</a>", 1, 4, "the character reference '&#x110000;' names no character XML allows"),
        ("<a>\u{1}</a>", 1, 4, "the character U+0001 is not allowed in XML"),
        ("<a/><b/>", 1, 5, "the element '<b>' follows the root element '</a>'; a document has one root element"),
        ("<a/>text", 1, 5, "only comments may follow the root element '</a>', found 't'"),
        ("text<a/>", 1, 1, "expected '<' to begin the root element, found 't'"),
        ("</a>", 1, 1, "the end tag '</a>' comes before any start tag"),
        ("<a/></a>", 1, 5, "the end tag '</a>' follows the root element '</a>', which closed every element"),
        ("\n<a/><?xml version='1.0'?>", 2, 5, "the XML declaration '<?xml ...?>' may only begin the file"),
        ("<!-- x --><?xml version='1.0'?><a/>", 1, 11, "the XML declaration '<?xml ...?>' may only begin the file"),
        ("<a><![CDATA[x]]></a><![CDATA[y]]>", 1, 21, "a CDATA section '<![CDATA[' is only allowed inside an element"),
        ("<a><!DOCTYPE a></a>", 1, 4, "a DOCTYPE is only allowed before the root element"),
        (
            "<a><!ELEMENT a></a>", 1, 4,
            "expected '<!--' (a comment), '<![CDATA[' (inside an element) or '<!DOCTYPE' (before the root element) after '<!'"
        ),
        ("<a>< b/></a>", 1, 5, "expected an element name after '<' (write '&lt;' for a literal '<'), found a space"),
        ("<a></a >\n<??>", 2, 3, "expected a target name after '<?' (such as '<?xml'), found '?'"),
    ] as [(String, Int, Int, String)])
    func malformedMarkupIsAnErrorInWords(xml: String, line: Int, column: Int, problem: String) {
        #expect(fault(xml) == XMLSyntaxError(line: line, column: column, problem: problem))
    }

    @Test func elementsNestAtMostTheDocumentedDepth() throws {
        let depth = XMLScanner.maximumDepth
        let deepest = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(try events(deepest).count == 2 * depth)
        #expect(fault(String(repeating: "<a>", count: depth + 1))?.problem == "the element '<a>' nests deeper than \(depth) elements")
    }

    @Test func longNamesAreQuotedOnlyInPart() throws {
        let name = String(repeating: "n", count: 10_000)
        let problem = try #require(fault("<a></\(name)>")?.problem)
        #expect(problem == "the end tag '</\(String(repeating: "n", count: 40))...>' does not match the start tag '<a>' opened at line 1, column 1")
        // One letter with ten thousand combining marks is one character, but 10,001 scalars: cut by scalars.
        let accented = "a" + String(repeating: "\u{301}", count: 10_000)
        let cut = try #require(fault("<a></\(accented)>")?.problem)
        #expect(cut.unicodeScalars.count < 200)
    }
}
