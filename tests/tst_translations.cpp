// The Chinese translation is complete for every string in the sources, keeps every
// placeholder, and is compiled into the binaries.
#include "models/comparison_table_model.h"
#include "test_main.h"
#include "test_support.h"
#include "workbench/translations.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace ys;

namespace {

struct Message {
    QString context;
    QString source;
    QString translation;
    bool unfinished = false;
};

QList<Message> readTs(const QString &path)
{
    QList<Message> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1StringView("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1StringView("message")) {
            m = Message{context, {}, {}, false};
        } else if (xml.name() == QLatin1StringView("source")) {
            m.source = xml.readElementText();
        } else if (xml.name() == QLatin1StringView("translation")) {
            m.unfinished = xml.attributes().value(QLatin1StringView("type")) ==
                           QLatin1StringView("unfinished");
            m.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            out.append(m);
        }
    }
    return out;
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%L?(\\d+|n)"));
    QSet<QString> out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured(0));
    return out;
}

QString tsPath()
{
    return (ys::test::sourceDir() + QStringLiteral("/translations/yardstick_zh_CN.ts"));
}

} // namespace

class TstTranslations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everySourceStringIsTranslated()
    {
        // lupdate on a copy, so the check sees strings added since the .ts was last refreshed.
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("check_zh_CN.ts"));
        QVERIFY(QFile::copy(tsPath(), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        const QString root = ys::test::sourceDir();
        QProcess lupdate;
        lupdate.setWorkingDirectory(root);
        lupdate.start(ys::test::lupdatePath(),
                      {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                       QStringLiteral("none"), QStringLiteral("-I"), QStringLiteral("core"),
                       QStringLiteral("-I"), QStringLiteral("."), QStringLiteral("core"),
                       QStringLiteral("charts"), QStringLiteral("ui"), QStringLiteral("app"),
                       QStringLiteral("-ts"), copy});
        QVERIFY(lupdate.waitForFinished(120000));
        QCOMPARE(lupdate.exitCode(), 0);
        const QList<Message> messages = readTs(copy);
        QVERIFY(messages.size() > 100);
        QStringList missing;
        for (const Message &m : messages)
            if (m.unfinished || m.translation.trimmed().isEmpty())
                missing << m.context + QStringLiteral(": ") + m.source;
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("untranslated (run the "
                                                              "update_translations target):\n") +
                                               missing.join(QLatin1Char('\n'))));
    }

    void placeholdersAreKept()
    {
        for (const Message &m : readTs(tsPath())) {
            QVERIFY2(placeholders(m.source) == placeholders(m.translation),
                     qPrintable(m.context + QStringLiteral(": ") + m.source));
        }
    }

    void compiledIntoTheBinary()
    {
        QVERIFY(QFile::exists(QStringLiteral(":/i18n/yardstick_zh_CN.qm")));
        installTranslations(*QCoreApplication::instance(),
                            QLocale(QLocale::Chinese, QLocale::China));
        ComparisonTableModel model;
        QCOMPARE(model.headerData(ComparisonTableModel::ProviderColumn, Qt::Horizontal).toString(),
                 QStringLiteral("服务商"));
    }
};

YS_TEST_GUILESS_MAIN(TstTranslations)
#include "tst_translations.moc"
