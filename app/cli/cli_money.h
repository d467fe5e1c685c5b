#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <optional>

namespace ys {

// yardstick-cli bill and tco (docs/bill-and-tco.md): a usage or invoice CSV reconciled with the
// recorded sessions, and a self-hosted deployment costed against an API. Exit codes as the other
// commands: 0 done, 1 the lookup failed, 2 bad input naming the line or the field.
class CliMoney {
    Q_DECLARE_TR_FUNCTIONS(ys::CliMoney)
public:
    // The options only these commands read; --db, --session, --provider and --json are shared.
    static void addOptions(QCommandLineParser &parser);
    // Runs the command when it is "bill" or "tco"; nullopt for any other.
    static std::optional<int> run(const QString &command, const QCommandLineParser &parser);

    static int bill(const QCommandLineParser &parser);
    static int tco(const QCommandLineParser &parser);
};

} // namespace ys
