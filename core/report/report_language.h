#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

class QTranslator;

namespace ys {

// The report's language for as long as it lives: every tr() in the process answers in it,
// whatever language the user interface shows. English installs a translator that gives back the
// source texts; Chinese the compiled-in zh_CN translations. The language-change events that
// installing and removing translators sends are held back, so the window is not retranslated
// twice for nothing. Build the report's words on the thread of the application object while it
// lives, and let it go before anything else is translated.
class ReportLanguage : public QObject {
    Q_OBJECT
public:
    explicit ReportLanguage(const QString &language);
    ~ReportLanguage() override;

    // "en" and "zh_CN".
    static QStringList languages();
    static bool isKnown(const QString &language);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    std::vector<std::unique_ptr<QTranslator>> m_translators;
};

} // namespace ys
