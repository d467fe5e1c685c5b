// The provider dialog on the offscreen platform with real widgets: add a provider from the price
// catalog (filter, pick a row, see its prices and context window in the form), each bad input
// refused next to its field with nothing returned, and "Test connection" against the real
// simulator over loopback and against a port nobody listens on.
#include "domain/outcome.h"
#include "models/catalog_model.h"
#include "pricing/price_catalog.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "test_main.h"
#include "ui/provider_dialog.h"
#include "workbench/connection_test.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTcpServer>
#include <QTest>

using namespace ys;

namespace {

void typeInto(QLineEdit *line, const QString &text)
{
    line->setFocus();
    line->selectAll();
    if (text.isEmpty())
        QTest::keyClick(line, Qt::Key_Backspace);
    else
        QTest::keyClicks(line, text); // textEdited, as the analyst's typing sends it
}

// A form that OK accepts: an address, a model, a name.
void fillValid(ProviderDialog &dialog, const QUrl &url, const QString &model)
{
    typeInto(dialog.lineEdit(ProviderField::Name), QStringLiteral("Sim provider"));
    typeInto(dialog.lineEdit(ProviderField::BaseUrl), url.toString());
    typeInto(dialog.lineEdit(ProviderField::Model), model);
    typeInto(dialog.lineEdit(ProviderField::InputPrice), QStringLiteral("0.2"));
    typeInto(dialog.lineEdit(ProviderField::OutputPrice), QStringLiteral("0.8"));
}

QUrl deadUrl()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0))
        return {};
    const quint16 port = server.serverPort();
    server.close(); // nobody listens there now
    return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
}

} // namespace

class TstProviderDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void catalogModelPassesTheTester()
    {
        CatalogModel model(PriceCatalog::bundled());
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model.rowCount() > 100);
        CatalogFilterModel proxy;
        QAbstractItemModelTester proxyTester(
            &proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.setFilterText(QStringLiteral("claude sonnet"));
        QVERIFY(proxy.rowCount() > 0 && proxy.rowCount() < model.rowCount());
        proxy.sort(CatalogModel::OutputColumn, Qt::DescendingOrder);
        proxy.setFilterText(QString());
        QCOMPARE(proxy.rowCount(), model.rowCount());
        model.setCatalog(PriceCatalog::bundled());
        QCOMPARE(proxy.rowCount(), model.rowCount());
    }

    void addProviderFromCatalog()
    {
        const auto hit = PriceCatalog::bundled()->entry(QStringLiteral("openai/gpt-4o-mini"));
        QVERIFY(hit);
        ProviderDialog dialog(ProviderConfig{}, {QStringLiteral("Existing")});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QAbstractItemModelTester tester(dialog.catalogModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(
            dialog.catalogProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        QTest::keyClicks(dialog.catalogFilter(), QStringLiteral("openai gpt-4o-mini"));
        QAbstractItemModel *shown = dialog.catalogTable()->model();
        QVERIFY(shown->rowCount() >= 1);
        QVERIFY(shown->rowCount() < dialog.catalogModel()->rowCount());
        int row = -1;
        for (int r = 0; r < shown->rowCount(); ++r)
            if (shown->index(r, 0).data(CatalogModel::EntryRole).toString() == hit->entry())
                row = r;
        QVERIFY(row >= 0);
        // The table shows the catalog's prices, context window and date.
        QCOMPARE(shown->index(row, CatalogModel::InputColumn).data(CatalogModel::SortRole),
                 QVariant(0.15));
        QCOMPARE(shown->index(row, CatalogModel::CachedColumn).data(CatalogModel::SortRole),
                 QVariant(0.075));
        QCOMPARE(shown->index(row, CatalogModel::OutputColumn).data(CatalogModel::SortRole),
                 QVariant(0.6));
        QCOMPARE(shown->index(row, CatalogModel::ContextColumn).data(CatalogModel::SortRole),
                 QVariant(qint64(128000)));
        QCOMPARE(shown->index(row, CatalogModel::DateColumn).data().toString(),
                 PriceCatalog::bundled()->date());
        QVERIFY(!shown->index(row, CatalogModel::InputColumn).data().toString().isEmpty());

        auto *use = dialog.findChild<QPushButton *>(QStringLiteral("useCatalogModel"));
        QVERIFY(use && !use->isEnabled());
        dialog.catalogTable()->selectRow(row);
        QVERIFY(use->isEnabled());
        QTest::mouseClick(use, Qt::LeftButton);

        QCOMPARE(dialog.lineEdit(ProviderField::Model)->text(), QStringLiteral("gpt-4o-mini"));
        QCOMPARE(dialog.dialectCombo()->currentText(), QStringLiteral("openai-chat"));
        QCOMPARE(dialog.lineEdit(ProviderField::BaseUrl)->text(),
                 QStringLiteral("https://api.openai.com/v1"));
        QCOMPARE(dialog.lineEdit(ProviderField::InputPrice)->text(), QStringLiteral("0.15"));
        QCOMPARE(dialog.lineEdit(ProviderField::CachedPrice)->text(), QStringLiteral("0.075"));
        QCOMPARE(dialog.lineEdit(ProviderField::OutputPrice)->text(), QStringLiteral("0.6"));
        QCOMPARE(dialog.lineEdit(ProviderField::ContextWindow)->text(), QStringLiteral("128000"));
        auto *note = dialog.findChild<QLabel *>(QStringLiteral("catalogNote"));
        QVERIFY(note->text().contains(hit->entry()));

        typeInto(dialog.lineEdit(ProviderField::Name), QStringLiteral("OpenAI mini"));
        typeInto(dialog.lineEdit(ProviderField::KeyRef), QStringLiteral("env:OPENAI_API_KEY"));
        // A price changed from the catalog's is an override.
        typeInto(dialog.lineEdit(ProviderField::OutputPrice), QStringLiteral("0.5"));
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.provider());
        const ProviderConfig &p = *dialog.provider();
        QCOMPARE(p.name, QStringLiteral("OpenAI mini"));
        QCOMPARE(p.catalog, hit->entry());
        QCOMPARE(p.model, QStringLiteral("gpt-4o-mini"));
        QCOMPARE(p.apiKeyRef, QStringLiteral("env:OPENAI_API_KEY"));
        QCOMPARE(p.contextWindow, std::optional<qint64>(128000));
        QVERIFY(!p.price);
        QVERIFY(p.priceOverride);
        QCOMPARE(p.priceOverride->outputPerMtok, std::optional<double>(0.5));
        QVERIFY(!p.priceOverride->inputPerMtok);
    }

    void badInputIsRefusedInPlace_data()
    {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("text");
        QTest::newRow("empty name") << int(ProviderField::Name) << QString();
        QTest::newRow("taken name") << int(ProviderField::Name) << QStringLiteral("Existing");
        QTest::newRow("invalid URL")
            << int(ProviderField::BaseUrl) << QStringLiteral("localhost 8000");
        QTest::newRow("key pasted")
            << int(ProviderField::KeyRef)
            << QStringLiteral("sk-proj-") + QStringLiteral("Fake0").repeated(4);
        QTest::newRow("negative price") << int(ProviderField::InputPrice) << QStringLiteral("-1");
        QTest::newRow("zero context") << int(ProviderField::ContextWindow) << QStringLiteral("0");
        QTest::newRow("proxy with password")
            << int(ProviderField::Proxy) << QStringLiteral("http://analyst:hunter2@proxy:3128");
        QTest::newRow("proxy credentials as text")
            << int(ProviderField::ProxyAuth) << QStringLiteral("analyst:hunter2");
        QTest::newRow("metrics not a URL")
            << int(ProviderField::MetricsUrl) << QStringLiteral("gpu-box 8000/metrics");
        QTest::newRow("unknown fallback")
            << int(ProviderField::Fallback) << QStringLiteral("Nobody");
    }

    void badInputIsRefusedInPlace()
    {
        QFETCH(int, field);
        QFETCH(QString, text);
        const auto f = ProviderField(field);
        ProviderDialog dialog(ProviderConfig{}, {QStringLiteral("Existing")});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        fillValid(dialog, QUrl(QStringLiteral("http://127.0.0.1:8000/v1")), QStringLiteral("m"));
        QVERIFY(dialog.problemShown(f).isEmpty());
        typeInto(dialog.lineEdit(f), text);
        // The form's first tab in front: a refusal brings the field's own tab forward.
        dialog.formTabs()->setCurrentIndex(0);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QVERIFY(dialog.formTabs()->currentWidget()->isAncestorOf(dialog.lineEdit(f)));

        // Refused: still open, nothing returned, the message beside the field naming it.
        QVERIFY(dialog.isVisible());
        QVERIFY(!dialog.provider());
        const QString shown = dialog.problemShown(f);
        QVERIFY2(shown.startsWith(ProviderForm::fieldLabel(f) + QLatin1Char(':')),
                 qPrintable(shown));
        auto *label =
            dialog.findChild<QLabel *>(dialog.lineEdit(f)->objectName() + QStringLiteral("Error"));
        QVERIFY(label && label->isVisible());
        QCOMPARE(label->text(), shown);
        if (f == ProviderField::KeyRef) {
            // The key is gone from the field and from every message.
            QVERIFY(dialog.lineEdit(f)->text().isEmpty());
            QVERIFY(!dialog.lineEdit(f)->isUndoAvailable());
            QCOMPARE(shown, ProviderForm::keyNotReferenceMessage());
            for (QLabel *l : dialog.findChildren<QLabel *>())
                QVERIFY(!l->text().contains(QLatin1StringView("Zq81kP3m")));
            // A second OK is refused too: the field is empty now but the key was not a
            // reference.
            QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
            QVERIFY(dialog.isVisible() && !dialog.provider());
        }

        // Corrected, OK accepts.
        const QString fix = f == ProviderField::Name         ? QStringLiteral("Fixed")
                            : f == ProviderField::BaseUrl    ? QStringLiteral("http://h:1/v1")
                            : f == ProviderField::KeyRef     ? QStringLiteral("env:SIM_KEY")
                            : f == ProviderField::InputPrice ? QStringLiteral("0")
                            : f == ProviderField::Proxy      ? QStringLiteral("http://proxy:3128")
                            : f == ProviderField::ProxyAuth  ? QStringLiteral("env:CORP_PROXY")
                            : f == ProviderField::MetricsUrl
                                ? QStringLiteral("http://gpu-box:8000/metrics")
                            : f == ProviderField::Fallback ? QStringLiteral("Existing")
                                                           : QStringLiteral("8192");
        if (f == ProviderField::Proxy || f == ProviderField::ProxyAuth)
            for (QLabel *l : dialog.findChildren<QLabel *>())
                QVERIFY(!l->text().contains(QLatin1StringView("hunter2")));
        typeInto(dialog.lineEdit(f), fix);
        QVERIFY(dialog.problemShown(f).isEmpty());
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QVERIFY(!dialog.isVisible());
        QVERIFY(dialog.provider());
        if (f == ProviderField::Proxy)
            QCOMPARE(dialog.provider()->network.proxy, fix);
        if (f == ProviderField::ProxyAuth)
            QCOMPARE(dialog.provider()->network.proxyAuthRef, fix);
        if (f == ProviderField::MetricsUrl) {
            QVERIFY(dialog.provider()->serverMetrics);
            QCOMPARE(dialog.provider()->serverMetrics->url.toString(), fix);
            QCOMPARE(dialog.provider()->serverMetrics->intervalMs, 1000);
        }
        if (f == ProviderField::Fallback)
            QCOMPARE(dialog.provider()->fallback, QStringList{fix});
    }

    void testConnectionAgainstTheSimulator()
    {
        const std::vector<SimProfile> profiles = SimProfile::demoProfiles();
        SimHost sim(profiles);
        QString error;
        QVERIFY2(sim.start(&error), qPrintable(error));
        ProviderDialog dialog(ProviderConfig{}, {});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        fillValid(dialog, sim.baseUrl(), profiles.front().model);
        // env: works whatever the keychain does.
        qputenv("YS_TST_DIALOG_KEY", "dialog-test-key");
        typeInto(dialog.lineEdit(ProviderField::KeyRef), QStringLiteral("env:YS_TST_DIALOG_KEY"));

        QSignalSpy done(dialog.connectionTest(), &ConnectionTest::finished);
        QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
        QVERIFY(!dialog.testButton()->isEnabled());
        QVERIFY(done.wait(30000));
        QVERIFY(dialog.testButton()->isEnabled());
        const ConnectionResult r = dialog.connectionTest()->result();
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.httpStatus, 200);
        QVERIFY(r.ttftMs && *r.ttftMs > 0);
        QCOMPARE(r.model, profiles.front().model);
        const QString shown = dialog.testResultLabel()->text();
        QVERIFY2(shown.contains(QLatin1StringView("HTTP 200")), qPrintable(shown));
        QVERIFY2(shown.contains(QLatin1StringView(" ms")), qPrintable(shown));
        QVERIFY2(shown.contains(profiles.front().model), qPrintable(shown));
        // One tiny request reached the simulator.
        QTRY_COMPARE(sim.records().size(), std::size_t(1));
        // Testing returns nothing: the dialog is still open with no provider.
        QVERIFY(dialog.isVisible() && !dialog.provider());
    }

    void testConnectionAgainstADeadPort()
    {
        const QUrl url = deadUrl();
        QVERIFY(url.isValid());
        ProviderDialog dialog(ProviderConfig{}, {});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        fillValid(dialog, url, QStringLiteral("any-model"));
        QSignalSpy done(dialog.connectionTest(), &ConnectionTest::finished);
        QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
        QVERIFY(done.wait(30000));
        const ConnectionResult r = dialog.connectionTest()->result();
        QVERIFY(!r.ok);
        QCOMPARE(r.httpStatus, 0);
        QCOMPARE(r.outcome, outcomeName(Outcome::ConnectionError));
        const QString shown = dialog.testResultLabel()->text();
        QVERIFY2(shown.contains(OutcomeText::display(Outcome::ConnectionError)), qPrintable(shown));
        QVERIFY2(shown.contains(QLatin1StringView("refused"), Qt::CaseInsensitive),
                 qPrintable(shown));
    }

    void testConnectionWithAnUnsetKeySaysWhich()
    {
        ProviderDialog dialog(ProviderConfig{}, {});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        fillValid(dialog, QUrl(QStringLiteral("http://127.0.0.1:9/v1")), QStringLiteral("m"));
        qunsetenv("YS_TST_DIALOG_UNSET");
        typeInto(dialog.lineEdit(ProviderField::KeyRef), QStringLiteral("env:YS_TST_DIALOG_UNSET"));
        QSignalSpy done(dialog.connectionTest(), &ConnectionTest::finished);
        QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
        QVERIFY(done.wait(5000));
        QVERIFY(
            dialog.testResultLabel()->text().contains(QLatin1StringView("YS_TST_DIALOG_UNSET")));
    }
};

YS_TEST_MAIN(TstProviderDialog)
#include "tst_provider_dialog.moc"
