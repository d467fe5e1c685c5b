#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLineEdit;
class QWidget;

namespace ys {

// The editors of a form, each bound to one value the form owns. An edit that reads is stored at
// once (edited()); one that does not is refused in place: the value keeps its last good
// content, the editor is marked and problem() names the field and what it takes.
class BoundFields : public QObject {
    Q_OBJECT
public:
    explicit BoundFields(QObject *parent = nullptr);

    // Adders: a row of `layout` labelled `label` (which also names the field in messages),
    // editing *value. An empty optional field means "none".
    QLineEdit *addText(QFormLayout *layout, const QString &label, const QString &objectName,
                       QString *value);
    QLineEdit *addInt(QFormLayout *layout, const QString &label, const QString &objectName,
                      int *value, qint64 min, qint64 max);
    QLineEdit *addSeed(QFormLayout *layout, const QString &label, const QString &objectName,
                       quint64 *value, qint64 min, qint64 max);
    QLineEdit *addOptInt(QFormLayout *layout, const QString &label, const QString &objectName,
                         std::optional<int> *value, qint64 min, qint64 max);
    QLineEdit *addOptInt64(QFormLayout *layout, const QString &label, const QString &objectName,
                           std::optional<qint64> *value, qint64 min, qint64 max);
    // aboveMin: the value must exceed min rather than reach it.
    QLineEdit *addDouble(QFormLayout *layout, const QString &label, const QString &objectName,
                         double *value, double min, double max, bool aboveMin = false);
    QLineEdit *addOptDouble(QFormLayout *layout, const QString &label, const QString &objectName,
                            std::optional<double> *value, double min, double max,
                            bool aboveMin = false);
    // Whole numbers separated by commas, each above the one before.
    QLineEdit *addRisingList(QFormLayout *layout, const QString &label, const QString &objectName,
                             std::vector<int> *value, int min, int max);
    // Distinct words of `allowed` separated by commas, at least one.
    QLineEdit *addWordList(QFormLayout *layout, const QString &label, const QString &objectName,
                           QStringList *value, const QStringList &allowed);
    QCheckBox *addBool(QFormLayout *layout, const QString &label, const QString &objectName,
                       bool *value);
    // One of `values` (shown as they are written).
    QComboBox *addChoice(QFormLayout *layout, const QString &label, const QString &objectName,
                         QString *value, const QStringList &values);
    // A line of text for a value of the form's own shape: show() gives its text, read(text)
    // stores it and returns empty, or returns the message when the text does not read.
    QLineEdit *addLine(QFormLayout *layout, const QString &label, const QString &objectName,
                       std::function<QString()> show, std::function<QString(const QString &)> read);
    // Called after a value is stored, before edited(): a form clears what the value replaces.
    void onStored(QWidget *editor, std::function<void()> hook);

    // Shows the bound values again, forgetting refused input.
    void loadAll();
    // The first refused field's message, or empty.
    QString problem() const;

    // A number as the editors show it: whole numbers without an exponent or decimals.
    static QString number(double value);

Q_SIGNALS:
    void edited();
    void problemChanged();

private:
    struct Field {
        QString label;
        QWidget *editor = nullptr;
        std::function<void()> load;
        // Reads the editor into the value; the message when it does not read.
        std::function<QString()> store;
        std::function<void()> afterStore;
        QString problem;
    };
    // Adds the row of `editor`, whose signal `changed` stores an edit.
    template <typename Editor, typename Signal>
    Editor *bind(QFormLayout *layout, const QString &label, const QString &objectName,
                 Editor *editor, Signal changed, std::function<void()> load,
                 std::function<QString()> store);
    void commit(Field &field);
    void mark(Field &field, const QString &problem);

    std::vector<Field> m_fields;
};

} // namespace ys
