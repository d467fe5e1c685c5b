// tools/screenshots.sh's program on the demo session (ctest's fixture demo_session): a picture of
// every page and chart tab at 1280×800 and at 1920×1080, in English and in Chinese, the same
// steps in each, every picture the window at its size and not a blank one.
#include "cli_runner.h"
#include "test_main.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

class TstScreenshots : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // The distinct colours of a grid of points over the picture: a blank or half-drawn window
    // has a handful.
    static int colours(const QImage &image)
    {
        QSet<QRgb> seen;
        for (int y = 0; y < image.height(); y += 16)
            for (int x = 0; x < image.width(); x += 16)
                seen.insert(image.pixel(x, y));
        return int(seen.size());
    }

private Q_SLOTS:
    void everyPageAtBothSizesInBothLanguages()
    {
        QVERIFY(m_dir.isValid());
        const QString db = m_dir.filePath(QStringLiteral("demo.sqlite"));
        QVERIFY(ys::test::demoSessionAt(db));
        const QString out = m_dir.filePath(QStringLiteral("pictures"));
        QProcess shots;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("YS_LOG_FILE"), m_dir.filePath(QStringLiteral("shots.log")));
        shots.setProcessEnvironment(env);
        shots.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        shots.start(ys::test::binDir() + QStringLiteral("/yardstick-screenshots"),
                    {QStringLiteral("--db"), db, out});
        QVERIFY(shots.waitForFinished(300000 * ys::test::kSlow));
        QCOMPARE(shots.exitCode(), 0);

        QStringList steps;
        int pictures = 0;
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            for (const QSize &size : {QSize(1280, 800), QSize(1920, 1080)}) {
                const QString folder = QStringLiteral("%1/%2/%3x%4")
                                           .arg(out, language)
                                           .arg(size.width())
                                           .arg(size.height());
                const QStringList names =
                    QDir(folder).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
                if (steps.isEmpty())
                    steps = names;
                QCOMPARE(names, steps);
                for (const QString &name : names) {
                    const QImage picture(folder + QLatin1Char('/') + name);
                    QVERIFY2(!picture.isNull(), qPrintable(name));
                    QCOMPARE(picture.size(), size);
                    QVERIFY2(colours(picture) >= 8, qPrintable(folder + QLatin1Char('/') + name));
                    ++pictures;
                }
            }
        }
        // Every page, and every chart tab of the Results and History pages.
        QVERIFY2(steps.size() >= 20, qPrintable(steps.join(QLatin1Char(' '))));
        for (const char *step :
             {"resultsPage.png", "verdictCards.png", "serverMetrics.png", "stability.png",
              "reconciliation.png", "latencyPhases.png", "attemptsPage.png", "suitePage.png",
              "runPage.png", "historyWindowView.png", "scoresPage.png", "tcoPage.png",
              "billPage.png", "teamPage.png"})
            QVERIFY2(std::any_of(steps.begin(), steps.end(),
                                 [&](const QString &s) {
                                     return s.endsWith(QLatin1Char('-') + QLatin1String(step));
                                 }),
                     step);
        qInfo("%d pictures, %lld steps", pictures, qlonglong(steps.size()));
    }
};

YS_TEST_MAIN(TstScreenshots)
#include "tst_screenshots.moc"
