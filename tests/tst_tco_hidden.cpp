// TCO's hidden costs: a LoRA fine-tune amortised per month moves the break-even by the
// hand-computed amount, standby deployments cost G each, the sensitivity table ranks the inputs
// as a hand computation does, and the executable refuses bad values with exit 2 and reports the
// new JSON members.
#include "analysis/tco.h"

#include "cli_runner.h"
#include "test_main.h"
#include "test_support.h"

#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

bool hiddenNear(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

// 1 GPU at $2/h, utilisation 1, $1,000 a month of operations, 2,000 tokens/s, API $1 per 1M.
// G = 2 × 730 = $1,460; capacity C = 2000 × 1 × 3600 × 730 = 5.256e9 tokens a month.
TcoInput hiddenBase()
{
    TcoInput in;
    in.gpuUsdPerHour = 2.0;
    in.gpus = 1;
    in.utilisation = 1.0;
    in.opsUsdPerMonth = 1000.0;
    in.tokensPerS = 2000.0;
    in.apiUsdPer1m = 1.0;
    in.monthlyTokens = 2e9;
    return in;
}

} // namespace

class TstTcoHidden : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Before: break-even (1000 + 1460) / 1e-6 = 2.46e9 tokens (≤ C, one deployment).
    // A LoRA fine-tune of 45 GPU-hours a quarter (4 runs a year) at the deployment's $2/h:
    // 45 × 2 × 4 / 12 = $30 a month. After: (1000 + 30 + 1460) / 1e-6 = 2.49e9: moved by 3.0e7.
    // Self-hosted at 2e9 tokens: 1000 + 30 + max(1460, 2e9 × 2 / 7.2e6 = 555.6) = $2,490.
    void loraMovesBreakEven()
    {
        QString error;
        const auto before = Tco::compute(hiddenBase(), &error);
        QVERIFY2(before, qPrintable(error));
        QVERIFY(hiddenNear(*before->at.breakEvenTokensPerMonth, 2.46e9));
        QCOMPARE(before->fineTuneTotalUsdPerMonth, 0.0);

        TcoInput in = hiddenBase();
        in.fineTunes.push_back({QStringLiteral("lora"), 45.0, 4.0, std::nullopt});
        const auto after = Tco::compute(in, &error);
        QVERIFY2(after, qPrintable(error));
        QVERIFY(hiddenNear(after->fineTuneUsdPerMonth.at(0), 30.0));
        QVERIFY(hiddenNear(after->fineTuneTotalUsdPerMonth, 30.0));
        QVERIFY(hiddenNear(*after->at.breakEvenTokensPerMonth, 2.49e9));
        QVERIFY(hiddenNear(*after->at.breakEvenTokensPerMonth - *before->at.breakEvenTokensPerMonth,
                           3.0e7));
        QVERIFY(hiddenNear(after->at.selfUsdPerMonth, 2490.0));

        // A full fine-tune of 300 GPU-hours on a $4/h GPU once a year: 300 × 4 / 12 = $100.
        // Both together: (1000 + 30 + 100 + 1460) / 1e-6 = 2.59e9.
        in.fineTunes.push_back({QStringLiteral("full"), 300.0, 1.0, 4.0});
        const auto both = Tco::compute(in, &error);
        QVERIFY(hiddenNear(both->fineTuneUsdPerMonth.at(1), 100.0));
        QVERIFY(hiddenNear(*both->at.breakEvenTokensPerMonth, 2.59e9));
    }

    // Two standby deployments of 2 GPUs at $2/h: 2 × 2 × 2 × 730 = $5,840 a month.
    // G = 2 × 2 × 730 = $2,920; break-even (1000 + 5840 + 2920) / 1e-6 = 9.76e9, beyond
    // C = 5.256e9, so F / (p − g) = 6840 / (1e-6 − 4 / 7.2e6) = 6840 / 4.4444e-7 = 1.539e10.
    void redundancyCost()
    {
        TcoInput in = hiddenBase();
        in.gpus = 2;
        in.redundancy = 2;
        QString error;
        const auto r = Tco::compute(in, &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(hiddenNear(r->redundancyUsdPerMonth, 5840.0));
        QVERIFY(hiddenNear(*r->at.breakEvenTokensPerMonth, 6840.0 / (1e-6 - 4.0 / 7.2e6)));
        QVERIFY(hiddenNear(r->at.selfUsdPerMonth, 1000.0 + 5840.0 + 2920.0));
        in.redundancy = -1;
        QVERIFY(!Tco::compute(in, &error));
        QVERIFY2(error.startsWith(QStringLiteral("--redundancy: ")), qPrintable(error));
        in.redundancy = 0;
        for (const TcoFineTune &bad : {TcoFineTune{QStringLiteral("qlora"), 1.0, 1.0, {}},
                                       TcoFineTune{QStringLiteral("lora"), 0.0, 1.0, {}},
                                       TcoFineTune{QStringLiteral("full"), 1.0, 0.0, {}},
                                       TcoFineTune{QStringLiteral("full"), 1.0, 1.0, -2.0}}) {
            in.fineTunes = {bad};
            QVERIFY(!Tco::compute(in, &error));
            QVERIFY2(error.startsWith(QStringLiteral("--finetune: ")), qPrintable(error));
        }
    }

    // hiddenBase() plus LoRA 45 GPU-hours × $2/h (given) × 4 a year = $30/month; break-even 2.49e9.
    // Within one deployment V* = (ops + G + ft + R·G) / p, so utilisation and throughput do not
    // move it (C stays ≥ 3.95e9 at every end: 0.9 × 5.256e9 = 4.73e9).
    //   GPUs 1 → 2 (1 is the floor):  2.49e9 → (1000 + 2920 + 30) / 1e-6 = 3.95e9: 1.46e9
    //   standby 0 → 1 (0 the floor):  2.49e9 → (1000 + 1460 + 1460 + 30) / 1e-6:   1.46e9
    //   API $0.9 / $1.1:  2490 / 0.9e-6 = 2.7667e9, 2490 / 1.1e-6 = 2.2636e9:       5.0303e8
    //   GPU $1.8 / $2.2:  (1030 + 1314) / 1e-6 = 2.344e9, (1030 + 1606) / 1e-6:     2.92e8
    //   ops 900 / 1100:   2.39e9, 2.59e9:                                           2.0e8
    //   fine-tuning 27 / 33:  2.487e9, 2.493e9:                                     6.0e6
    //   utilisation 0.9 / 1 (clamped), throughput 1800 / 2200:                       0, 0
    // Ties keep the inputs' order: GPUs before standby, utilisation before throughput.
    void sensitivityRanking()
    {
        TcoInput in = hiddenBase();
        in.fineTunes.push_back({QStringLiteral("lora"), 45.0, 4.0, 2.0});
        QString error;
        const auto r = Tco::compute(in, &error);
        QVERIFY2(r, qPrintable(error));
        const std::pair<const char *, double> expected[] = {
            {"gpus", 1.46e9},
            {"redundancy", 1.46e9},
            {"api_usd_per_1m", 2490e6 / 0.9 - 2490e6 / 1.1},
            {"gpu_usd_per_hour", 2.92e8},
            {"ops_usd_per_month", 2.0e8},
            {"fine_tune_usd_per_month", 6.0e6},
            {"utilisation", 0.0},
            {"tokens_per_s", 0.0}};
        QCOMPARE(r->sensitivity.size(), std::size(expected));
        for (std::size_t i = 0; i < std::size(expected); ++i) {
            const TcoSensitivity &s = r->sensitivity[i];
            QCOMPARE(s.key, QString::fromLatin1(expected[i].first));
            QVERIFY(s.swing);
            QVERIFY2(std::abs(*s.swing - expected[i].second) <= 1e-3,
                     qPrintable(QStringLiteral("%1: %2").arg(s.key).arg(*s.swing, 0, 'g', 12)));
        }
        QCOMPARE(r->sensitivity[0].low, 1.0);
        QCOMPARE(r->sensitivity[0].high, 2.0);
        QVERIFY(hiddenNear(*r->sensitivity[3].breakEvenLow, 2.344e9));
        QCOMPARE(r->sensitivity[6].high, 1.0);

        // At GPU $7/h: g = 7 / 7.2e6 = $0.9722/1M, just under the API's $1; G = $5,110 and
        // (1030 + 5110) / 1e-6 = 6.14e9 > C, so V* = 1030 / (1e-6 − 0.9722e-6) = 3.708e10. An end
        // where g passes p (GPU $7.7, 2 GPUs, utilisation 0.9, throughput 1800, API $0.9) has no
        // break-even: those five rows are unbounded and lead, in the inputs' order.
        in.gpuUsdPerHour = 7.0;
        const auto dear = Tco::compute(in, &error);
        QVERIFY(dear);
        QVERIFY(hiddenNear(*dear->at.breakEvenTokensPerMonth, 1030.0 / (1e-6 - 7.0 / 7.2e6)));
        const char *unbounded[] = {"gpu_usd_per_hour", "gpus", "utilisation", "tokens_per_s",
                                   "api_usd_per_1m"};
        for (std::size_t i = 0; i < std::size(unbounded); ++i) {
            QCOMPARE(dear->sensitivity[i].key, QString::fromLatin1(unbounded[i]));
            QVERIFY(dear->sensitivity[i].unbounded());
        }
        QVERIFY(!dear->sensitivity[0].breakEvenHigh);
        QVERIFY(!dear->sensitivity[5].unbounded());
    }

    void commandLine()
    {
        const QStringList args{QStringLiteral("tco"),       QStringLiteral("--gpu-usd-per-hour"),
                               QStringLiteral("2"),         QStringLiteral("--gpus"),
                               QStringLiteral("1"),         QStringLiteral("--utilisation"),
                               QStringLiteral("1"),         QStringLiteral("--ops-usd-per-month"),
                               QStringLiteral("1000"),      QStringLiteral("--tokens-per-s"),
                               QStringLiteral("2000"),      QStringLiteral("--api-usd-per-1m"),
                               QStringLiteral("1"),         QStringLiteral("--monthly-tokens"),
                               QStringLiteral("2B"),        QStringLiteral("--finetune"),
                               QStringLiteral("lora:45:4"), QStringLiteral("--redundancy"),
                               QStringLiteral("0")};
        test::CliResult r =
            test::runCli(args + QStringList{QStringLiteral("--json")}, 60000 * test::kSlow);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const json doc = json::parse(r.out.toStdString());
        const json &hidden = doc["hidden_costs"];
        QCOMPARE(hidden["redundancy"].get<int>(), 0);
        QVERIFY(hiddenNear(hidden["fine_tune_usd_per_month"].get<double>(), 30.0));
        QCOMPARE(hidden["fine_tunes"][0]["kind"].get<std::string>(), std::string("lora"));
        QCOMPARE(hidden["fine_tunes"][0]["gpu_price_source"].get<std::string>(),
                 std::string("deployment"));
        QVERIFY(
            hiddenNear(doc["self_hosted"]["break_even_tokens_per_month"].get<double>(), 2.49e9));
        QCOMPARE(doc["sensitivity"].size(), std::size_t(8));
        QCOMPARE(doc["sensitivity"][0]["input"].get<std::string>(), std::string("gpus"));
        QVERIFY(hiddenNear(doc["sensitivity"][0]["swing_tokens_per_month"].get<double>(), 1.46e9));

        r = test::runCli(args, 60000 * test::kSlow);
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("= $30.00 a month"));
        QVERIFY(r.out.contains("Sensitivity"));

        const std::pair<const char *, const char *> bad[] = {
            {"--finetune", "lora"},      {"--finetune", "lora:x"},       {"--finetune", "qlora:10"},
            {"--finetune", "full:10:0"}, {"--finetune", "lora:1:2:3:4"}, {"--redundancy", "-1"},
            {"--redundancy", "1.5"}};
        for (const auto &[option, value] : bad) {
            QStringList a = args;
            a[a.indexOf(QString::fromLatin1(option)) + 1] = QString::fromLatin1(value);
            r = test::runCli(a, 60000 * test::kSlow);
            QVERIFY2(r.code == 2 && r.err.startsWith(QString::fromLatin1(option)),
                     qPrintable(QStringLiteral("%1 %2: %3 %4")
                                    .arg(QLatin1StringView(option), QLatin1StringView(value))
                                    .arg(r.code)
                                    .arg(r.err)));
            QVERIFY(r.out.isEmpty());
        }
    }
};

YS_TEST_GUILESS_MAIN(TstTcoHidden)
#include "tst_tco_hidden.moc"
