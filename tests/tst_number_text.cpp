// Figures as text never read "-0": a value that rounds to zero at the printed precision has no
// sign, in plain digits, in a locale's and in dollars, and so in the lines built from them.
#include "models/kind_results_text.h"
#include "test_main.h"
#include "util/number_text.h"

#include <QLocale>
#include <QTest>

using namespace ys;

class TstNumberText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fixedNumber_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("expected");
        QTest::newRow("tiny negative") << -1e-9 << 6 << QStringLiteral("0.000000");
        QTest::newRow("negative zero") << -0.0 << 2 << QStringLiteral("0.00");
        QTest::newRow("rounds to -0") << -0.4 << 0 << QStringLiteral("0");
        QTest::newRow("rounds to -1") << -0.6 << 0 << QStringLiteral("-1");
        QTest::newRow("negative kept") << -0.0011 << 4 << QStringLiteral("-0.0011");
        QTest::newRow("positive") << 12.345 << 1 << QStringLiteral("12.3");
        QTest::newRow("zero") << 0.0 << 3 << QStringLiteral("0.000");
    }

    void fixedNumber()
    {
        QFETCH(double, value);
        QFETCH(int, decimals);
        QFETCH(QString, expected);
        QCOMPARE(ys::fixedNumber(value, decimals), expected);
    }

    void inALocale()
    {
        const QLocale german(QLocale::German, QLocale::Germany);
        QCOMPARE(ys::fixedNumber(german, -0.0001, 2), QStringLiteral("0,00"));
        QCOMPARE(ys::fixedNumber(german, -1.5, 2), QStringLiteral("-1,50"));
        const QLocale chinese(QLocale::Chinese, QLocale::China);
        QCOMPARE(ys::fixedNumber(chinese, -1e-7, 6), QStringLiteral("0.000000"));
        QCOMPARE(ys::fixedNumber(QLocale::c(), -2.25, 1), QLocale::c().toString(-2.25, 'f', 1));
    }

    void dollars()
    {
        QCOMPARE(usdAmount(-1e-9, 6), QStringLiteral("$0.000000"));
        QCOMPARE(usdAmount(-0.0011, 4), QStringLiteral("-$0.0011"));
        QCOMPARE(usdAmount(0.25, 2), QStringLiteral("$0.25"));
    }

    void withoutNegativeZero()
    {
        QCOMPARE(ys::withoutNegativeZero(QStringLiteral("-0.00")), QStringLiteral("0.00"));
        QCOMPARE(ys::withoutNegativeZero(QStringLiteral("-0.01")), QStringLiteral("-0.01"));
        QCOMPARE(ys::withoutNegativeZero(QStringLiteral("-0")), QStringLiteral("0"));
        QCOMPARE(ys::withoutNegativeZero(QStringLiteral("5")), QStringLiteral("5"));
    }

    // The cache scenario's saving per request, cold minus warm cost, is a tiny negative when
    // the two are equal but for rounding: the line says $0.000000.
    void cacheSavingLine()
    {
        ScenarioResults results;
        CacheResult cache;
        cache.pairs = 10;
        cache.detected = false;
        cache.coldTtftMs = 120.0;
        cache.warmTtftMs = 120.00001;
        cache.ttftDropMs = -0.00001;
        cache.cachedTokenShare = 0.0;
        cache.savingUsdPerRequest = -1e-12;
        results.cache = cache;
        const QString text = KindResultsText::lines(results).join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("saving $0.000000 per request")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("drop 0.0 ms")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("-0")) && !text.contains(QStringLiteral("$-")),
                 qPrintable(text));
    }
};

YS_TEST_MAIN(TstNumberText)
#include "tst_number_text.moc"
