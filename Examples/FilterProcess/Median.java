// A moving-median location filter speaking TrackBench's filter process protocol, version 1.
//
// Run it through TrackBench (Java 11 or later runs a one-file program as is):
//
//     trackbench run --filter 'median-java=exec:java Examples/FilterProcess/Median.java 5'
//
// The protocol (Docs/filter-protocol.md): write a hello line, then for each scenario read a "start" line, one "fix"
// line per delivered fix and an "end" line, and answer every fix with exactly one line, in order: an estimate
// {"latitude": ..., "longitude": ...} or null. No libraries: TrackBench's lines are flat, so a key's number is
// read from the text after it.
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;

public class Median {
    public static void main(String[] args) throws Exception {
        // The window: how many of the latest valid fixes the median is taken over (1 passes every fix through).
        int window = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        out.write("{\"trackbench\": 1, \"name\": \"median-java\", \"online\": true}\n");
        out.flush();
        ArrayDeque<double[]> recent = new ArrayDeque<>();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.startsWith("{\"type\":\"start\"")) {
                recent.clear(); // every scenario starts afresh
            } else if (line.startsWith("{\"type\":\"fix\"")) {
                double latitude = number(line, "latitude");
                double longitude = number(line, "longitude");
                if (number(line, "horizontal_accuracy_m") < 0) {
                    // The phone marked the fix invalid: pass it on as it is, as TrackBench's raw filter does.
                    answer(out, latitude, longitude);
                    continue;
                }
                recent.addLast(new double[] {latitude, longitude});
                if (recent.size() > window) recent.removeFirst();
                answer(out, median(recent, 0), median(recent, 1));
            } else if (line.startsWith("{\"type\":\"end\"")) {
                // TrackBench sends a scenario's fixes at once: flushing once per scenario is enough, and fastest.
                out.flush();
            }
        }
        out.flush();
    }

    /** The number after "key": in a flat JSON line. */
    static double number(String line, String key) {
        String marker = "\"" + key + "\":";
        int start = line.indexOf(marker) + marker.length();
        int end = start;
        while (end < line.length() && line.charAt(end) != ',' && line.charAt(end) != '}') end++;
        return Double.parseDouble(line.substring(start, end).trim());
    }

    /** The median of one coordinate (0 latitude, 1 longitude) of the fixes in the window. */
    static double median(ArrayDeque<double[]> fixes, int coordinate) {
        double[] values = fixes.stream().mapToDouble(fix -> fix[coordinate]).sorted().toArray();
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    static void answer(BufferedWriter out, double latitude, double longitude) throws Exception {
        out.write("{\"latitude\": " + latitude + ", \"longitude\": " + longitude + "}\n");
    }
}
