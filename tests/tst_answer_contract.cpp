// Answer contracts (domain/answer_contract.h, domain/contract_check.h): a scenario's contract
// read from its suite object and files, refused with the field, file and line named, stored
// inline; and each check on answers that hold and that break it.
#include "domain/answer_contract.h"
#include "domain/contract_check.h"
#include "test_main.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using json = nlohmann::json;

namespace {

const QString kWhere = QStringLiteral("suite.json.scenarios[0].contract");

json orderSchema()
{
    return {{"type", "object"},
            {"required", {"id", "lines"}},
            {"properties",
             {{"id", {{"type", "string"}}},
              {"lines",
               {{"type", "array"},
                {"items",
                 {{"type", "object"},
                  {"required", {"sku", "qty"}},
                  {"properties",
                   {{"sku", {{"type", "string"}}}, {"qty", {{"type", "integer"}}}}}}}}}}}};
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TstAnswerContract : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::optional<AnswerContract> parse(const json &object, QString *error)
    {
        return AnswerContractParser::parse(object, kWhere, m_dir.path(), error);
    }

private Q_SLOTS:
    void readAndStored()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("order.schema.json")),
                          QByteArray::fromStdString(orderSchema().dump())));
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("golden.jsonl")),
                          "{\"prompt\": \"2+2?\", \"expected\": 4}\n\n"
                          "{\"prompt\": \"Capital of France?\", \"expected\": \"Paris\", "
                          "\"match\": \"contains\"}\n"));
        QString error;
        const auto c = parse({{"schema", "order.schema.json"},
                              {"regex", "\"id\""},
                              {"max_chars", 400},
                              {"golden", "golden.jsonl"}},
                             &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->checks(), QStringList({QStringLiteral("json"), QStringLiteral("schema"),
                                           QStringLiteral("regex"), QStringLiteral("max_chars"),
                                           QStringLiteral("golden")}));
        QCOMPARE(c->golden.size(), std::size_t(2));
        QCOMPARE(int(c->golden[0].match), int(GoldenAnswer::Match::Numeric));
        QCOMPARE(int(c->golden[1].match), int(GoldenAnswer::Match::Contains));
        // Stored inline: read again without the files, the same contract.
        const json stored = c->toJson();
        QVERIFY(stored["schema"].is_object());
        QVERIFY(stored["golden"].is_array());
        const auto again =
            AnswerContractParser::parse(stored, kWhere, QStringLiteral("/nowhere"), &error);
        QVERIFY2(again, qPrintable(error));
        QVERIFY(again->toJson() == stored);
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("contract");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown check")
            << QByteArray("{\"lenght\": 10}") << QStringLiteral("unknown field \"lenght\"");
        QTest::newRow("no check") << QByteArray("{}") << QStringLiteral("asks for no check");
        QTest::newRow("schema file missing") << QByteArray("{\"schema\": \"missing.json\"}")
                                             << QStringLiteral("contract.schema: cannot read ");
        QTest::newRow("schema file not JSON")
            << QByteArray("{\"schema\": \"broken.json\"}") << QStringLiteral("broken.json, line 3");
        QTest::newRow("not a schema") << QByteArray("{\"schema\": {\"type\": 12}}")
                                      << QStringLiteral("contract.schema: not a JSON Schema");
        QTest::newRow("remote reference")
            << QByteArray("{\"schema\": {\"$ref\": \"http://example.com/s.json\"}}")
            << QStringLiteral("contract.schema: not a JSON Schema");
        QTest::newRow("golden broken line") << QByteArray("{\"golden\": \"bad.jsonl\"}")
                                            << QStringLiteral("bad.jsonl:3: not a JSON object");
        QTest::newRow("golden without expected")
            << QByteArray("{\"golden\": [{\"prompt\": \"x\"}]}")
            << QStringLiteral("contract.golden[0]: missing field \"expected\"");
        QTest::newRow("numeric not a number")
            << QByteArray("{\"golden\": [{\"prompt\": \"x\", \"expected\": \"y\", \"match\": "
                          "\"numeric\"}]}")
            << QStringLiteral("contract.golden[0].expected: a numeric match expects a number");
        QTest::newRow("bad regex")
            << QByteArray("{\"regex\": \"(unclosed\"}") << QStringLiteral("contract.regex: ");
        QTest::newRow("max_chars zero")
            << QByteArray("{\"max_chars\": 0}") << QStringLiteral("contract.max_chars");
    }

    void refused()
    {
        QFETCH(QByteArray, contract);
        QFETCH(QString, named);
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("broken.json")), "{\n  \"type\":\n  ]\n"));
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("bad.jsonl")),
                          "{\"prompt\": \"a\", \"expected\": \"b\"}\n"
                          "{\"prompt\": \"c\", \"expected\": \"d\"}\n"
                          "{\"prompt\": \"e\", \"expected\": \n"));
        QString error;
        QVERIFY(!parse(json::parse(contract.toStdString()), &error));
        QVERIFY2(error.contains(named), qPrintable(error));
    }

    void checks()
    {
        QString error;
        const auto c =
            parse({{"schema", orderSchema()}, {"regex", "^\\{"}, {"max_chars", 60}}, &error);
        QVERIFY2(c, qPrintable(error));
        auto r = ContractCheck::check(
            *c, QStringLiteral("{\"id\": \"A1\", \"lines\": [{\"sku\": \"x\", \"qty\": 2}]}"));
        QVERIFY(ContractCheck::allPassed(r));
        QCOMPARE(r.size(), std::size_t(4));

        // A wrong type deep inside: the schema check fails and names the place.
        r = ContractCheck::check(
            *c, QStringLiteral("{\"id\": \"A1\", \"lines\": [{\"sku\": \"x\", \"qty\": \"2\"}]}"));
        QVERIFY(r[0].passed);
        QVERIFY(!r[1].passed);
        QCOMPARE(r[1].check, QStringLiteral("schema"));
        QCOMPARE(r[1].path, QStringLiteral("/lines/0/qty"));
        // A missing field: at the object that lacks it.
        r = ContractCheck::check(*c, QStringLiteral("{\"lines\": []}"));
        QVERIFY(!r[1].passed);
        QCOMPARE(r[1].path, QString());
        QVERIFY2(r[1].detail.contains(QStringLiteral("id")), qPrintable(r[1].detail));
        // Truncated JSON: neither JSON nor the schema holds; the regex still does.
        r = ContractCheck::check(*c, QStringLiteral("{\"id\": \"A1\", \"lines\": [{\"sku\": "));
        QVERIFY(!r[0].passed && !r[1].passed && r[2].passed);
        QVERIFY2(r[0].detail.startsWith(QStringLiteral("not JSON at byte")),
                 qPrintable(r[0].detail));
        // Too long, counted in characters (not bytes).
        const QString chinese =
            QStringLiteral("{\"id\": \"%1\", \"lines\": []}").arg(QString(35, QChar(0x4E2D)));
        r = ContractCheck::check(*c, chinese);
        QVERIFY(r[3].passed); // 58 characters, 128 bytes
        r = ContractCheck::check(*c, chinese + QString(10, QLatin1Char(' ')));
        QVERIFY(!r[3].passed);
        QCOMPARE(r[3].detail, QStringLiteral("68 characters, at most 60 allowed"));
    }

    void golden()
    {
        GoldenAnswer exact{QStringLiteral("p"), QStringLiteral("Paris"), GoldenAnswer::Match::Exact,
                           0};
        QString why;
        QVERIFY(ContractCheck::matches(exact, QStringLiteral("  Paris\n"), &why));
        QVERIFY(!ContractCheck::matches(exact, QStringLiteral("Paris."), &why));
        QCOMPARE(why, QStringLiteral("expected \"Paris\", got \"Paris.\""));
        GoldenAnswer contains{QStringLiteral("p"), QStringLiteral("Paris"),
                              GoldenAnswer::Match::Contains, 0};
        QVERIFY(ContractCheck::matches(contains, QStringLiteral("It is Paris."), &why));
        GoldenAnswer numeric{QStringLiteral("p"), QStringLiteral("3.14"),
                             GoldenAnswer::Match::Numeric, 0.01};
        QVERIFY(ContractCheck::matches(numeric, QStringLiteral("About 3.141 units"), &why));
        QVERIFY(!ContractCheck::matches(numeric, QStringLiteral("3.2"), &why));
        QVERIFY(!ContractCheck::matches(numeric, QStringLiteral("pi"), &why));

        // A golden set of 50, 40 answered right: 80% match, the 10 others each named.
        AnswerContract c;
        for (int i = 0; i < 50; ++i)
            c.golden.push_back({QStringLiteral("What is %1 + %1?").arg(i), QString::number(2 * i),
                                GoldenAnswer::Match::Exact, 0});
        int passed = 0;
        QStringList failures;
        for (int i = 0; i < 50; ++i) {
            const QString answer = QString::number(i % 5 == 4 ? 2 * i + 1 : 2 * i);
            const auto r = ContractCheck::check(c, answer, &c.golden[std::size_t(i)]);
            QCOMPARE(r.size(), std::size_t(1));
            if (r[0].passed)
                ++passed;
            else
                failures << r[0].detail;
        }
        QCOMPARE(passed, 40);
        QCOMPARE(failures.size(), 10);
        QCOMPARE(failures.front(), QStringLiteral("expected \"8\", got \"9\""));
        // An answer to a prompt outside the set fails the golden check, saying so.
        const auto r = ContractCheck::check(c, QStringLiteral("2"));
        QVERIFY(!r[0].passed);
    }
};

YS_TEST_GUILESS_MAIN(TstAnswerContract)
#include "tst_answer_contract.moc"
