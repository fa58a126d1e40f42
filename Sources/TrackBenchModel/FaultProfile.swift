/// How often and how badly a signal profile misbehaves beyond plain noise.
///
/// Every location filter exists because real GPS fails in a specific way;
/// these are those ways, as data, so a suite can make each filter earn its
/// place. Probabilities are per delivered fix, in 0...1; all zero means a
/// clean signal. Sizes are drawn uniformly from half to one and a half times
/// their mean unless a range is given.
public struct FaultProfile: Sendable, Hashable {
    /// Chance that a cached earlier fix is re-delivered after a fix, with its old timestamp.
    package var staleFixProbability: Double
    /// Youngest age of a re-delivered fix at delivery, in seconds.
    package var staleFixMinimumAgeSeconds: Double
    /// Oldest age of a re-delivered fix at delivery, in seconds.
    package var staleFixMaximumAgeSeconds: Double
    /// Chance that a fix is invalid: negative accuracy and a meaningless coordinate.
    package var invalidFixProbability: Double
    /// How far from the truth an invalid fix's meaningless coordinate lies, at most, in metres.
    package var invalidFixOffsetMeters: Double
    /// Chance that a multipath burst starts at a fix.
    package var jumpProbability: Double
    /// Mean size of a multipath offset, in metres; the reported accuracy does not show it.
    package var jumpMeters: Double
    /// Mean length of a multipath burst, in seconds.
    package var jumpDurationSeconds: Double
    /// Chance that a dropout (no fixes at all) starts at a fix.
    package var dropoutProbability: Double
    /// Mean length of a dropout, in seconds.
    package var dropoutSeconds: Double
    /// Chance that a fix reports a glitched speed: 0.0 (two in three) or three to six times too fast.
    package var speedGlitchProbability: Double

    /// A clean signal: no faults at all.
    package static let none = FaultProfile(
        staleFixProbability: 0, staleFixMinimumAgeSeconds: 0, staleFixMaximumAgeSeconds: 0,
        invalidFixProbability: 0, invalidFixOffsetMeters: 0,
        jumpProbability: 0, jumpMeters: 0, jumpDurationSeconds: 0,
        dropoutProbability: 0, dropoutSeconds: 0,
        speedGlitchProbability: 0
    )

    /// Creates a fault profile; see the properties for units.
    package init(
        staleFixProbability: Double,
        staleFixMinimumAgeSeconds: Double,
        staleFixMaximumAgeSeconds: Double,
        invalidFixProbability: Double,
        invalidFixOffsetMeters: Double,
        jumpProbability: Double,
        jumpMeters: Double,
        jumpDurationSeconds: Double,
        dropoutProbability: Double,
        dropoutSeconds: Double,
        speedGlitchProbability: Double
    ) {
        self.staleFixProbability = staleFixProbability
        self.staleFixMinimumAgeSeconds = staleFixMinimumAgeSeconds
        self.staleFixMaximumAgeSeconds = staleFixMaximumAgeSeconds
        self.invalidFixProbability = invalidFixProbability
        self.invalidFixOffsetMeters = invalidFixOffsetMeters
        self.jumpProbability = jumpProbability
        self.jumpMeters = jumpMeters
        self.jumpDurationSeconds = jumpDurationSeconds
        self.dropoutProbability = dropoutProbability
        self.dropoutSeconds = dropoutSeconds
        self.speedGlitchProbability = speedGlitchProbability
    }
}
