#pragma once

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ys {

struct CliExportOptions {
    QString dbPath;
    std::optional<qint64> sessionId; // default: the latest session
    QString format;                  // csv, xlsx or json; empty: from the extension of outPath
    QString outPath;
    QString table; // comparison or attempts; empty: both
};

// `yardstick-cli export` (docs/exports.md): writes a session's comparison table and its
// attempts to CSV, XLSX (a sheet each) or JSON (a member each). CSV holds one table a file:
// without --table the comparison goes to the file named and the attempts beside it, with
// "-attempts" before the extension. Exit code: 0 written; 2 bad input (an unknown format or
// table, no such database or session, a path that cannot be written), with nothing written;
// 1 the database could not be read.
class CliExport {
    Q_DECLARE_TR_FUNCTIONS(ys::CliExport)
public:
    static int run(const CliExportOptions &options);
    // "out/a.csv" → "out/a-attempts.csv": where CSV puts the attempts beside the comparison.
    static QString attemptsPath(const QString &outPath);
};

} // namespace ys
