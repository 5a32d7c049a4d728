import OALDomain
import OALPlatform

/// The emulator's own report extension's one scene, `ruleUsage`: the
/// rule-detail "Usage" page of a time limit. The device has already
/// filtered the data to the rule's apps and today (`ActivityReportArguments`);
/// the scene names each app as the catalog does (`localizedDisplayName` on
/// iOS) and shapes the report.
public enum RuleUsageScene {
    public static let context = "ruleUsage"

    public static func configuration(_ data: ActivityReportArguments, catalog: InstalledAppCatalog) -> UsageReport {
        var report = UsageReport(
            usage: data.apps.map { (catalog.app($0.token)?.name ?? $0.token.description, $0.seconds) })
        if Mutant.on(.reportRowsWrong) {
            report.apps = report.apps.reversed().map {
                UsageReport.Row(name: "app \($0.name.count)", seconds: $0.seconds)
            }
        }
        return report
    }
}
