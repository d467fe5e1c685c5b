// The Suite page's "Use case" group on the offscreen platform with real widgets: each bundled
// use case chosen puts it and its requirements in the suite and in the Requirements form, the
// volume and peak typed reach the saved file, a bad volume names its field and blocks the save,
// None removes the use case, and a use-case file of the analyst's own is added, chosen and saved
// (a bad one refused with the loader's message). Also the form's number reading in core.
#include "domain/suite.h"
#include "domain/use_case.h"
#include "test_main.h"
#include "ui/requirements_form.h"
#include "ui/suite_page.h"
#include "ui/use_case_form.h"
#include "workbench/use_case_form.h"
#include "workbench/workbench.h"
#include "workbench_fixtures.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;

namespace {

// A suite page on a scratch workbench holding a template's suite with one provider, so that
// nothing but what a test does keeps it from being saved.
struct UseCasePageFixture {
    test::ScratchWorkbench workbench;
    SuitePage page{&workbench};

    UseCasePageFixture()
    {
        page.newFromTemplate(QStringLiteral("api_selection"), false);
        ProviderConfig p;
        p.name = QStringLiteral("Local");
        p.dialect = QStringLiteral("openai-chat");
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:8000/v1"));
        p.model = QStringLiteral("qwen3");
        page.appendProvider(p);
    }
};

QByteArray useCaseFormJson(const nlohmann::json &j)
{
    return QByteArray::fromStdString(j.dump(2));
}

bool useCaseFormWrite(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TstUseCaseForm : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static QComboBox *choice(QWidget *page)
    {
        return page->findChild<QComboBox *>(QStringLiteral("useCaseChoice"));
    }

    // Chooses as a person does: the item shown, then activated.
    static void choose(QWidget *page, int index)
    {
        QComboBox *combo = choice(page);
        QVERIFY(combo);
        combo->setCurrentIndex(index);
        Q_EMIT combo->activated(index);
    }

    static void type(QWidget *page, const char *name, const QString &text)
    {
        auto *edit = page->findChild<QLineEdit *>(QLatin1StringView(name));
        QVERIFY2(edit, name);
        QVERIFY2(edit->isEnabled(), name);
        edit->selectAll();
        if (text.isEmpty())
            QTest::keyClick(edit, Qt::Key_Backspace);
        else
            QTest::keyClicks(edit, text);
        QCOMPARE(edit->text(), text);
    }

    static QString text(QWidget *page, const char *name)
    {
        if (auto *label = page->findChild<QLabel *>(QLatin1StringView(name)))
            return label->text();
        if (auto *edit = page->findChild<QLineEdit *>(QLatin1StringView(name)))
            return edit->text();
        return QStringLiteral("(no %1)").arg(QLatin1StringView(name));
    }

    static std::optional<Suite> reread(const QString &path)
    {
        QString error;
        auto suite = Suite::loadFile(path, &error);
        if (!suite)
            qWarning("%s", qPrintable(error));
        return suite;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void readsVolumes()
    {
        bool ok = false;
        QCOMPARE(UseCaseForm::readNumber(QStringLiteral("300M"), true, &ok).value_or(0), 3e8);
        QVERIFY(ok);
        QCOMPARE(UseCaseForm::readNumber(QStringLiteral(" 2b "), true, &ok).value_or(0), 2e9);
        QCOMPARE(UseCaseForm::readNumber(QStringLiteral("250K"), true, &ok).value_or(0), 2.5e5);
        QCOMPARE(UseCaseForm::readNumber(QStringLiteral("1.5B"), true, &ok).value_or(0), 1.5e9);
        QCOMPARE(UseCaseForm::readNumber(QStringLiteral("12345"), true, &ok).value_or(0), 12345.0);
        QVERIFY(!UseCaseForm::readNumber(QString(), true, &ok) && ok);
        QVERIFY(!UseCaseForm::readNumber(QStringLiteral("lots"), true, &ok) && !ok);
        QVERIFY(!UseCaseForm::readNumber(QStringLiteral("2B"), false, &ok) && !ok);
        QCOMPARE(UseCaseForm::tokensText(2e9), QStringLiteral("2B"));
        QCOMPARE(UseCaseForm::tokensText(3e8), QStringLiteral("300M"));
    }

    // Each bundled use case: in the suite with its requirements, which the Requirements form
    // shows; a requirement edited afterwards is the suite's and is saved inside the use case.
    void eachBundledUseCase()
    {
        UseCasePageFixture f;
        SuitePage &page = f.page;
        auto *requirements = page.findChild<RequirementsForm *>(QStringLiteral("requirementsForm"));
        QVERIFY(requirements);
        const std::vector<UseCase> bundled = UseCase::bundled();
        QCOMPARE(choice(&page)->count(), int(bundled.size()) + 1);
        for (int i = 0; i < int(bundled.size()); ++i) {
            const UseCase &u = bundled[std::size_t(i)];
            choose(&page, 0); // from None, so that every choice is a change
            choose(&page, i + 1);
            QVERIFY(page.isModified());
            QVERIFY(page.suite().useCase);
            QCOMPARE(page.suite().useCase->id, u.id);
            QVERIFY(page.suite().requirements);
            QVERIFY(*page.suite().requirements == u.requirements);
            QVERIFY(requirements->requirements() == u.requirements);
            const QString e2e = text(&page, "maxE2eP95Ms");
            QCOMPARE(e2e.isEmpty(), !u.requirements.maxP95LatencyMs.has_value());
            if (u.requirements.maxP95LatencyMs)
                QCOMPARE(e2e.toDouble(), *u.requirements.maxP95LatencyMs);
            QVERIFY2(text(&page, "useCaseDescription").contains(u.description),
                     qPrintable(text(&page, "useCaseDescription")));
            QVERIFY2(page.problem().isEmpty(), qPrintable(page.problem()));

            type(&page, "maxTtftP95Ms", QStringLiteral("777"));
            QCOMPARE(page.suite().requirements->maxTtftP95Ms.value_or(0), 777.0);
            QCOMPARE(page.suite().useCase->id, u.id);
            const QString path = m_dir.filePath(u.id + QStringLiteral(".json"));
            QVERIFY2(page.saveTo(path), qPrintable(text(&page, "suiteMessage")));
            const auto back = reread(path);
            QVERIFY(back && back->useCase);
            QCOMPARE(back->useCase->id, u.id);
            QCOMPARE(back->requirements->maxTtftP95Ms.value_or(0), 777.0);
            QCOMPARE(back->useCase->requirements.maxTtftP95Ms.value_or(0), 777.0);

            // Reopened, the page shows that use case chosen and the edited requirement.
            SuitePage reopened(&f.workbench);
            QVERIFY(reopened.openFile(path));
            QCOMPARE(choice(&reopened)->currentIndex(), i + 1);
            QCOMPARE(text(&reopened, "maxTtftP95Ms").toDouble(), 777.0);
        }
    }

    void volumeAndPeakSaved()
    {
        UseCasePageFixture f;
        SuitePage &page = f.page;
        choose(&page, 1);
        type(&page, "monthlyTokens", QStringLiteral("2B"));
        type(&page, "peakRps", QStringLiteral("12.5"));
        QCOMPARE(page.suite().useCase->monthlyTokens.value_or(0), 2e9);
        const QString path = m_dir.filePath(QStringLiteral("volume.json"));
        QVERIFY2(page.saveTo(path), qPrintable(text(&page, "suiteMessage")));
        auto back = reread(path);
        QVERIFY(back && back->useCase);
        QCOMPARE(back->useCase->monthlyTokens.value_or(0), 2e9);
        QCOMPARE(back->useCase->peakRps.value_or(0), 12.5);

        // Empty: none.
        type(&page, "peakRps", QString());
        QVERIFY2(page.saveTo(path), qPrintable(text(&page, "suiteMessage")));
        back = reread(path);
        QVERIFY(back && back->useCase);
        QVERIFY(!back->useCase->peakRps);
        QCOMPARE(back->useCase->monthlyTokens.value_or(0), 2e9);

        SuitePage reopened(&f.workbench);
        QVERIFY(reopened.openFile(path));
        QCOMPARE(text(&reopened, "monthlyTokens"), QStringLiteral("2B"));
        QVERIFY(text(&reopened, "peakRps").isEmpty());
    }

    void badVolumeBlocksSaving()
    {
        UseCasePageFixture f;
        SuitePage &page = f.page;
        choose(&page, 2);
        const QString path = m_dir.filePath(QStringLiteral("bad-volume.json"));
        const QString label = UseCaseForm::fieldLabel(UseCaseForm::Field::MonthlyTokens);
        for (const QString &bad : {QStringLiteral("lots"), QStringLiteral("0")}) {
            type(&page, "monthlyTokens", bad);
            QVERIFY2(page.problem().startsWith(label), qPrintable(page.problem()));
            QVERIFY2(text(&page, "suiteProblem").contains(label),
                     qPrintable(text(&page, "suiteProblem")));
            QVERIFY(!page.saveTo(path));
            QVERIFY(!QFile::exists(path));
            QVERIFY(text(&page, "suiteMessage").contains(label));
        }
        type(&page, "peakRps", QStringLiteral("-3"));
        type(&page, "monthlyTokens", QStringLiteral("300M"));
        QVERIFY2(page.problem().startsWith(UseCaseForm::fieldLabel(UseCaseForm::Field::PeakRps)),
                 qPrintable(page.problem()));
        type(&page, "peakRps", QStringLiteral("4"));
        QVERIFY2(page.problem().isEmpty(), qPrintable(page.problem()));
        QVERIFY(page.saveTo(path));
        const auto back = reread(path);
        QVERIFY(back && back->useCase);
        QCOMPARE(back->useCase->monthlyTokens.value_or(0), 3e8);
    }

    void noneRemovesIt()
    {
        UseCasePageFixture f;
        SuitePage &page = f.page;
        choose(&page, 1);
        const Requirements kept = *page.suite().requirements;
        choose(&page, 0);
        QVERIFY(!page.suite().useCase);
        QVERIFY(page.suite().requirements && *page.suite().requirements == kept);
        QVERIFY(!page.findChild<QLineEdit *>(QStringLiteral("monthlyTokens"))->isEnabled());
        const QString path = m_dir.filePath(QStringLiteral("none.json"));
        QVERIFY2(page.saveTo(path), qPrintable(text(&page, "suiteMessage")));
        const auto back = reread(path);
        QVERIFY(back);
        QVERIFY(!back->useCase);
        QVERIFY(back->requirements);
        QCOMPARE(back->requirements->maxP95LatencyMs, kept.maxP95LatencyMs);
    }

    void ownUseCaseFile()
    {
        UseCasePageFixture f;
        SuitePage &page = f.page;
        auto *widget = page.findChild<UseCaseFormWidget *>(QStringLiteral("useCaseForm"));
        QVERIFY(widget);
        nlohmann::json own = {
            {"id", "night_shift"},
            {"title", "Night shift"},
            {"description", "Replies overnight, nobody waiting."},
            {"requirements", {{"max_e2e_p95_ms", 9000}, {"max_usd_per_1k", 0.01}}},
            {"monthly_tokens", 4e8},
            {"peak_rps", 2}};
        const QString path = m_dir.filePath(QStringLiteral("night_shift.json"));
        QVERIFY(useCaseFormWrite(path, useCaseFormJson(own)));
        const int before = choice(&page)->count();
        QVERIFY2(widget->openUseCase(path), qPrintable(text(&page, "useCaseMessage")));
        QCOMPARE(choice(&page)->count(), before + 1);
        QCOMPARE(choice(&page)->currentIndex(), before);
        QVERIFY(choice(&page)->currentText().contains(QStringLiteral("Night shift")));
        QVERIFY(page.isModified());
        QCOMPARE(page.suite().useCase->id, QStringLiteral("night_shift"));
        QCOMPARE(page.suite().requirements->maxP95LatencyMs.value_or(0), 9000.0);
        QCOMPARE(text(&page, "maxE2eP95Ms").toDouble(), 9000.0);
        QCOMPARE(text(&page, "monthlyTokens"), QStringLiteral("400M"));
        QVERIFY(text(&page, "useCaseDescription").contains(QStringLiteral("nobody waiting")));

        const QString suitePath = m_dir.filePath(QStringLiteral("own-suite.json"));
        QVERIFY2(page.saveTo(suitePath), qPrintable(text(&page, "suiteMessage")));
        const auto back = reread(suitePath);
        QVERIFY(back && back->useCase);
        QCOMPARE(back->useCase->id, QStringLiteral("night_shift"));
        QCOMPARE(back->useCase->title, QStringLiteral("Night shift"));
        QCOMPARE(back->useCase->monthlyTokens.value_or(0), 4e8);
        QCOMPARE(back->requirements->maxP95LatencyMs.value_or(0), 9000.0);
        SuitePage reopened(&f.workbench);
        QVERIFY(reopened.openFile(suitePath));
        QCOMPARE(choice(&reopened)->count(), before + 1);
        QCOMPARE(choice(&reopened)->currentIndex(), before);

        // A file that does not read: the loader's message, naming the field; nothing changes.
        own["peak_rps"] = -1;
        const QString badPath = m_dir.filePath(QStringLiteral("bad-case.json"));
        QVERIFY(useCaseFormWrite(badPath, useCaseFormJson(own)));
        const QByteArray suiteBefore = page.suite().toJson();
        QVERIFY(!widget->openUseCase(badPath));
        QVERIFY2(text(&page, "useCaseMessage").contains(QStringLiteral("peak_rps")),
                 qPrintable(text(&page, "useCaseMessage")));
        QCOMPARE(page.suite().toJson(), suiteBefore);
        QCOMPARE(choice(&page)->count(), before + 1);
    }
};

YS_TEST_MAIN(TstUseCaseForm)
#include "tst_use_case_form.moc"
