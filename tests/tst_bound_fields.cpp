// The form binder's editors: what each shows, stores and refuses (with the message naming the
// field), and how an optional value is cleared.
#include "test_main.h"
#include "ui/bound_fields.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QWidget>

using namespace ys;

namespace {

// Replaces an editor's text as an edit does (textEdited, which setText alone does not emit).
void type(QLineEdit *edit, const QString &text)
{
    edit->setText(text);
    Q_EMIT edit->textEdited(text);
}

} // namespace

class TstBoundFields : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void wholeNumbers()
    {
        QWidget form;
        auto *layout = new QFormLayout(&form);
        BoundFields fields;
        int count = 3;
        quint64 seed = 7;
        std::optional<int> limit;
        std::optional<qint64> big = 5'000'000'000;
        QLineEdit *countEdit =
            fields.addInt(layout, QStringLiteral("Count"), QStringLiteral("count"), &count, 1, 10);
        QLineEdit *seedEdit =
            fields.addSeed(layout, QStringLiteral("Seed"), QStringLiteral("seed"), &seed, 0, 1000);
        QLineEdit *limitEdit = fields.addOptInt(layout, QStringLiteral("Limit"),
                                                QStringLiteral("limit"), &limit, 0, 100);
        QLineEdit *bigEdit = fields.addOptInt64(layout, QStringLiteral("Big"),
                                                QStringLiteral("big"), &big, 0, 9'000'000'000);
        QCOMPARE(countEdit->objectName(), QStringLiteral("count"));
        QCOMPARE(countEdit->text(), QStringLiteral("3"));
        QCOMPARE(seedEdit->text(), QStringLiteral("7"));
        QCOMPARE(limitEdit->text(), QString());
        QCOMPARE(bigEdit->text(), QStringLiteral("5000000000"));

        QSignalSpy edited(&fields, &BoundFields::edited);
        type(countEdit, QStringLiteral("11"));
        QCOMPARE(count, 3);
        QCOMPARE(fields.problem(), QStringLiteral("Count: expected a whole number from 1 to 10"));
        QCOMPARE(countEdit->toolTip(), fields.problem());
        type(countEdit, QStringLiteral("9"));
        QCOMPARE(count, 9);
        QVERIFY(fields.problem().isEmpty());
        QVERIFY(edited.count() > 0);

        type(seedEdit, QStringLiteral("x"));
        QCOMPARE(fields.problem(), QStringLiteral("Seed: expected a whole number from 0 to 1000"));
        type(seedEdit, QStringLiteral("999"));
        QCOMPARE(seed, quint64(999));

        type(limitEdit, QStringLiteral("101"));
        QCOMPARE(fields.problem(),
                 QStringLiteral("Limit: expected a whole number from 0 to 100, or nothing"));
        QVERIFY(!limit);
        type(limitEdit, QStringLiteral("42"));
        QCOMPARE(limit.value_or(-1), 42);

        type(bigEdit, QStringLiteral("-1"));
        QCOMPARE(fields.problem(),
                 QStringLiteral("Big: expected a whole number from 0 to 9000000000, or nothing"));
        type(bigEdit, QStringLiteral("8000000000"));
        QCOMPARE(big.value_or(0), 8'000'000'000);
        type(bigEdit, QString());
        QVERIFY(!big);
        QVERIFY(fields.problem().isEmpty());

        count = 4;
        limit.reset();
        fields.loadAll();
        QCOMPARE(countEdit->text(), QStringLiteral("4"));
        QCOMPARE(limitEdit->text(), QString());
    }

    void numbers()
    {
        QWidget form;
        auto *layout = new QFormLayout(&form);
        BoundFields fields;
        double rate = 2.5;
        std::optional<double> price;
        QLineEdit *rateEdit = fields.addDouble(layout, QStringLiteral("Rate"),
                                               QStringLiteral("rate"), &rate, 0, 100, true);
        QLineEdit *priceEdit = fields.addOptDouble(layout, QStringLiteral("Price"),
                                                   QStringLiteral("price"), &price, 0, 1.5);
        QCOMPARE(rateEdit->text(), QStringLiteral("2.5"));
        QCOMPARE(priceEdit->text(), QString());
        type(rateEdit, QStringLiteral("0"));
        QCOMPARE(fields.problem(),
                 QStringLiteral("Rate: expected a number above 0 and at most 100"));
        QCOMPARE(rate, 2.5);
        type(rateEdit, QStringLiteral("40"));
        QCOMPARE(rate, 40.0);
        type(priceEdit, QStringLiteral("2"));
        QCOMPARE(fields.problem(),
                 QStringLiteral("Price: expected a number from 0 to 1.5, or nothing"));
        type(priceEdit, QStringLiteral("0.25"));
        QCOMPARE(price.value_or(0), 0.25);
        type(priceEdit, QString());
        QVERIFY(!price);
        rate = 3;
        fields.loadAll();
        QCOMPARE(rateEdit->text(), QStringLiteral("3"));
    }

    void textListsBoxesAndChoices()
    {
        QWidget form;
        auto *layout = new QFormLayout(&form);
        BoundFields fields;
        QString name = QStringLiteral("a");
        std::vector<int> levels{1, 2};
        QStringList words{QStringLiteral("x")};
        bool on = false;
        QString choice = QStringLiteral("two");
        QLineEdit *nameEdit =
            fields.addText(layout, QStringLiteral("Name"), QStringLiteral("name"), &name);
        QLineEdit *levelsEdit = fields.addRisingList(layout, QStringLiteral("Levels"),
                                                     QStringLiteral("levels"), &levels, 1, 64);
        QLineEdit *wordsEdit =
            fields.addWordList(layout, QStringLiteral("Words"), QStringLiteral("words"), &words,
                               {QStringLiteral("x"), QStringLiteral("y")});
        QCheckBox *box = fields.addBool(layout, QStringLiteral("On"), QStringLiteral("on"), &on);
        QComboBox *combo =
            fields.addChoice(layout, QStringLiteral("Choice"), QStringLiteral("choice"), &choice,
                             {QStringLiteral("one"), QStringLiteral("two")});
        QCOMPARE(levelsEdit->text(), QStringLiteral("1, 2"));
        QCOMPARE(wordsEdit->text(), QStringLiteral("x"));
        QCOMPARE(box->objectName(), QStringLiteral("on"));
        QCOMPARE(combo->objectName(), QStringLiteral("choice"));
        QCOMPARE(combo->currentText(), QStringLiteral("two"));

        type(nameEdit, QStringLiteral("  "));
        QCOMPARE(fields.problem(), QStringLiteral("Name: must not be empty"));
        type(nameEdit, QStringLiteral(" b "));
        QCOMPARE(name, QStringLiteral("b"));
        type(levelsEdit, QStringLiteral("4, 2"));
        QVERIFY(fields.problem().startsWith(QStringLiteral("Levels: expected whole numbers")));
        type(levelsEdit, QStringLiteral("2 8"));
        QCOMPARE(levels, (std::vector<int>{2, 8}));
        type(wordsEdit, QStringLiteral("y, z"));
        QCOMPARE(fields.problem(), QStringLiteral("Words: expected some of x, y, each once"));
        type(wordsEdit, QStringLiteral("y, x"));
        QCOMPARE(words, (QStringList{QStringLiteral("y"), QStringLiteral("x")}));

        int stored = 0;
        fields.onStored(box, [&stored] { ++stored; });
        QSignalSpy edited(&fields, &BoundFields::edited);
        box->click();
        QVERIFY(on);
        QCOMPARE(stored, 1);
        QCOMPARE(edited.count(), 1);
        combo->setCurrentIndex(0);
        Q_EMIT combo->activated(0);
        QCOMPARE(choice, QStringLiteral("one"));
        on = false;
        choice = QStringLiteral("two");
        fields.loadAll();
        QVERIFY(!box->isChecked());
        QCOMPARE(combo->currentText(), QStringLiteral("two"));
    }
};

YS_TEST_MAIN(TstBoundFields)
#include "tst_bound_fields.moc"
