// File → Import session bundle… and Export session bundle… in the window (ui/bundle_actions.h):
// a bundle of a session run against the simulator imported into the workbench's database,
// selected, and exported again to a bundle that verifies; a damaged bundle is refused in a
// message and adds nothing.
#include "cli_runner.h"
#include "fixtures.h"
#include "storage/session_bundle.h"
#include "test_main.h"
#include "test_support.h"
#include "ui/bundle_actions.h"
#include "ui/main_window.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace ys;

class TstBundleGui : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void importAndExportFromTheWindow()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QString error;
        auto sim = test::startFastSim(&error);
        QVERIFY2(sim, qPrintable(error));
        const QString suite = dir.filePath(QStringLiteral("suite.json"));
        {
            QFile f(suite);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QStringLiteral(R"({"format": "yardstick-suite/1", "name": "gui bundle",
                "providers": [{"name": "A", "dialect": "openai-chat", "base_url": "%1",
                               "model": "fast"}],
                "scenarios": [{"kind": "latency", "requests": 4, "prompt_tokens": 32,
                               "max_output_tokens": 8}]})")
                        .arg(sim->baseUrl().toString())
                        .toUtf8());
        }
        const QString origin = dir.filePath(QStringLiteral("origin.sqlite"));
        const QString bundle = dir.filePath(QStringLiteral("origin.ysbundle"));
        auto ran = test::runCli({QStringLiteral("run"), QStringLiteral("--suite"), suite,
                                 QStringLiteral("--db"), origin});
        QVERIFY2(ran.code == 0, qPrintable(ran.err));
        ran = test::runCli({QStringLiteral("bundle"), QStringLiteral("export"),
                            QStringLiteral("--db"), origin, QStringLiteral("--out"), bundle});
        QVERIFY2(ran.code == 0, qPrintable(ran.err));

        Workbench workbench(dir.filePath(QStringLiteral("window.sqlite")));
        QVERIFY2(workbench.open(&error), qPrintable(error));
        MainWindow window(&workbench);
        auto *actions = window.bundleActions();
        QVERIFY(actions);
        auto *fileMenu = window.findChild<QMenu *>(QStringLiteral("fileMenu"));
        QVERIFY(fileMenu);
        QVERIFY(fileMenu->actions().contains(actions->importAction()));
        QVERIFY(fileMenu->actions().contains(actions->exportAction()));
        QVERIFY(!actions->exportAction()->isEnabled()); // no session yet

        QString chosen;
        actions->setChooser([&](bool) { return chosen; });
        QSignalSpy failed(actions, &BundleActions::failed);
        QSignalSpy messages(actions, &BundleActions::message);
        // The window shows a failure in a modal box; the spy reads it instead.
        QObject::disconnect(actions, &BundleActions::failed, &window, nullptr);

        // A damaged bundle: refused in a message, nothing added.
        const QString damaged = dir.filePath(QStringLiteral("damaged.ysbundle"));
        {
            QFile in(bundle);
            QVERIFY(in.open(QIODevice::ReadOnly));
            QFile out(damaged);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(in.readAll().chopped(40));
        }
        chosen = damaged;
        actions->importAction()->trigger();
        QTRY_COMPARE(failed.size(), 1); // read off the UI thread
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("damaged")));
        QCOMPARE(workbench.selectedSession(), qint64(0));

        chosen = bundle;
        actions->importAction()->trigger();
        QCOMPARE(failed.size(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(workbench.selectedSession(), qint64(1), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(actions->exportAction()->isEnabled(), 10000);

        chosen = dir.filePath(QStringLiteral("again.ysbundle"));
        messages.clear();
        actions->exportAction()->trigger();
        // Written off the UI thread: first the page says it is saving, then that it saved.
        QTRY_COMPARE_WITH_TIMEOUT(messages.size(), 2, 60000);
        QVERIFY2(messages.last().first().toString().contains(QStringLiteral("saved to")),
                 qPrintable(messages.last().first().toString()));
        QCOMPARE(failed.size(), 1);
        const auto header = SessionBundle::verify(chosen, &error);
        QVERIFY2(header, qPrintable(error));
        QCOMPARE(header->suiteName, QStringLiteral("gui bundle"));
    }
};

YS_TEST_MAIN(TstBundleGui)
#include "tst_bundle_gui.moc"
