/* The smallest filter process: answers every fix with its own position (TrackBench's raw filter).
 *
 * It measures the protocol's own cost (Docs/filter-protocol.md, "Throughput"):
 *     cc -O2 -o /tmp/echo-filter Examples/FilterProcess/echo.c
 *     trackbench speed --filter raw --filter 'echo=exec:/tmp/echo-filter'
 * It copies the latitude and longitude text as written, so the answers are exact.
 */
#include <stdio.h>
#include <string.h>

/* Copies the number after `"key":` in `line` to `out`; returns its length. */
static size_t field(const char *line, const char *key, char *out) {
    const char *start = strstr(line, key);
    if (!start) return 0;
    start += strlen(key);
    size_t length = strcspn(start, ",}");
    memcpy(out, start, length);
    out[length] = 0;
    return length;
}

int main(void) {
    static char line[4096];
    static char output[1 << 16];
    char latitude[64], longitude[64];
    setvbuf(stdout, output, _IOFBF, sizeof output);
    puts("{\"trackbench\": 1, \"name\": \"echo-c\", \"online\": true}");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "{\"type\":\"fix\"", 13) == 0) {
            field(line, "\"latitude\":", latitude);
            field(line, "\"longitude\":", longitude);
            printf("{\"latitude\":%s,\"longitude\":%s}\n", latitude, longitude);
        } else if (strncmp(line, "{\"type\":\"end\"", 13) == 0) {
            fflush(stdout);
        }
    }
    return 0;
}
