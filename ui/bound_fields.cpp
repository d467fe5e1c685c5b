#include "ui/bound_fields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <cmath>

namespace ys {

namespace {

std::optional<qint64> readInt(const QString &text)
{
    bool ok = false;
    const qint64 v = QLocale::c().toLongLong(text.trimmed(), &ok);
    return ok ? std::optional(v) : std::nullopt;
}

std::optional<double> readDouble(const QString &text)
{
    bool ok = false;
    const double v = QLocale::c().toDouble(text.trimmed(), &ok);
    return ok && std::isfinite(v) ? std::optional(v) : std::nullopt;
}

QStringList splitList(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    return text.split(separators, Qt::SkipEmptyParts);
}

} // namespace

BoundFields::BoundFields(QObject *parent)
    : QObject(parent)
{
}

QString BoundFields::number(double value)
{
    if (std::floor(value) == value && std::fabs(value) < 1e15)
        return QString::number(qint64(value));
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QLineEdit *BoundFields::addLine(QFormLayout *layout, const QString &label,
                                const QString &objectName, std::function<QString()> show,
                                std::function<QString(const QString &)> read)
{
    auto *edit = new QLineEdit;
    edit->setObjectName(objectName);
    layout->addRow(label, edit);
    Field field;
    field.label = label;
    field.editor = edit;
    field.load = [edit, show] {
        edit->setText(show());
    };
    field.store = [edit, read] {
        return read(edit->text());
    };
    const std::size_t index = m_fields.size();
    m_fields.push_back(std::move(field));
    connect(edit, &QLineEdit::textEdited, this, [this, index] { commit(m_fields[index]); });
    m_fields[index].load();
    return edit;
}

QLineEdit *BoundFields::addText(QFormLayout *layout, const QString &label,
                                const QString &objectName, QString *value)
{
    return addLine(
        layout, label, objectName, [value] { return *value; },
        [label, value](const QString &text) {
            if (text.trimmed().isEmpty())
                return tr("%1: must not be empty").arg(label);
            *value = text.trimmed();
            return QString();
        });
}

QLineEdit *BoundFields::addInt(QFormLayout *layout, const QString &label, const QString &objectName,
                               int *value, qint64 min, qint64 max)
{
    return addLine(
        layout, label, objectName, [value] { return QString::number(*value); },
        [label, value, min, max](const QString &text) {
            const auto v = readInt(text);
            if (!v || *v < min || *v > max)
                return tr("%1: expected a whole number from %2 to %3").arg(label).arg(min).arg(max);
            *value = int(*v);
            return QString();
        });
}

QLineEdit *BoundFields::addSeed(QFormLayout *layout, const QString &label,
                                const QString &objectName, quint64 *value, qint64 min, qint64 max)
{
    return addLine(
        layout, label, objectName, [value] { return QString::number(*value); },
        [label, value, min, max](const QString &text) {
            const auto v = readInt(text);
            if (!v || *v < min || *v > max)
                return tr("%1: expected a whole number from %2 to %3").arg(label).arg(min).arg(max);
            *value = quint64(*v);
            return QString();
        });
}

QLineEdit *BoundFields::addOptInt(QFormLayout *layout, const QString &label,
                                  const QString &objectName, std::optional<int> *value, qint64 min,
                                  qint64 max)
{
    return addLine(
        layout, label, objectName,
        [value] { return *value ? QString::number(**value) : QString(); },
        [label, value, min, max](const QString &text) {
            if (text.trimmed().isEmpty()) {
                value->reset();
                return QString();
            }
            const auto v = readInt(text);
            if (!v || *v < min || *v > max)
                return tr("%1: expected a whole number from %2 to %3, or nothing")
                    .arg(label)
                    .arg(min)
                    .arg(max);
            *value = int(*v);
            return QString();
        });
}

QLineEdit *BoundFields::addOptInt64(QFormLayout *layout, const QString &label,
                                    const QString &objectName, std::optional<qint64> *value,
                                    qint64 min, qint64 max)
{
    return addLine(
        layout, label, objectName,
        [value] { return *value ? QString::number(**value) : QString(); },
        [label, value, min, max](const QString &text) {
            if (text.trimmed().isEmpty()) {
                value->reset();
                return QString();
            }
            const auto v = readInt(text);
            if (!v || *v < min || *v > max)
                return tr("%1: expected a whole number from %2 to %3, or nothing")
                    .arg(label)
                    .arg(min)
                    .arg(max);
            *value = *v;
            return QString();
        });
}

namespace {

QString rangeProblem(const QString &label, double min, double max, bool aboveMin, bool optional)
{
    const QString range = aboveMin ? BoundFields::tr("above %1 and at most %2")
                                         .arg(BoundFields::number(min), BoundFields::number(max))
                                   : BoundFields::tr("from %1 to %2")
                                         .arg(BoundFields::number(min), BoundFields::number(max));
    return optional ? BoundFields::tr("%1: expected a number %2, or nothing").arg(label, range)
                    : BoundFields::tr("%1: expected a number %2").arg(label, range);
}

bool inRange(double v, double min, double max, bool aboveMin)
{
    return (aboveMin ? v > min : v >= min) && v <= max;
}

} // namespace

QLineEdit *BoundFields::addDouble(QFormLayout *layout, const QString &label,
                                  const QString &objectName, double *value, double min, double max,
                                  bool aboveMin)
{
    return addLine(
        layout, label, objectName, [value] { return number(*value); },
        [=](const QString &text) {
            const auto v = readDouble(text);
            if (!v || !inRange(*v, min, max, aboveMin))
                return rangeProblem(label, min, max, aboveMin, false);
            *value = *v;
            return QString();
        });
}

QLineEdit *BoundFields::addOptDouble(QFormLayout *layout, const QString &label,
                                     const QString &objectName, std::optional<double> *value,
                                     double min, double max, bool aboveMin)
{
    return addLine(
        layout, label, objectName, [value] { return *value ? number(**value) : QString(); },
        [=](const QString &text) {
            if (text.trimmed().isEmpty()) {
                value->reset();
                return QString();
            }
            const auto v = readDouble(text);
            if (!v || !inRange(*v, min, max, aboveMin))
                return rangeProblem(label, min, max, aboveMin, true);
            *value = *v;
            return QString();
        });
}

QLineEdit *BoundFields::addRisingList(QFormLayout *layout, const QString &label,
                                      const QString &objectName, std::vector<int> *value, int min,
                                      int max)
{
    const auto show = [value] {
        QStringList parts;
        for (int v : *value)
            parts.append(QString::number(v));
        return parts.join(QStringLiteral(", "));
    };
    return addLine(layout, label, objectName, show, [=](const QString &text) {
        std::vector<int> out;
        const QStringList parts = splitList(text);
        for (const QString &part : parts) {
            const auto v = readInt(part);
            if (!v || *v < min || *v > max || (!out.empty() && *v <= out.back()))
                return tr("%1: expected whole numbers from %2 to %3, separated by commas, each "
                          "above the one before")
                    .arg(label)
                    .arg(min)
                    .arg(max);
            out.push_back(int(*v));
        }
        if (out.empty())
            return tr("%1: expected at least one number").arg(label);
        *value = std::move(out);
        return QString();
    });
}

QLineEdit *BoundFields::addWordList(QFormLayout *layout, const QString &label,
                                    const QString &objectName, QStringList *value,
                                    const QStringList &allowed)
{
    return addLine(
        layout, label, objectName, [value] { return value->join(QStringLiteral(", ")); },
        [=](const QString &text) {
            const QStringList words = splitList(text);
            QStringList out;
            for (const QString &word : words) {
                if (!allowed.contains(word) || out.contains(word))
                    return tr("%1: expected some of %2, each once")
                        .arg(label, allowed.join(QStringLiteral(", ")));
                out.append(word);
            }
            if (out.isEmpty())
                return tr("%1: expected at least one of %2")
                    .arg(label, allowed.join(QStringLiteral(", ")));
            *value = out;
            return QString();
        });
}

QCheckBox *BoundFields::addBool(QFormLayout *layout, const QString &label,
                                const QString &objectName, bool *value)
{
    auto *box = new QCheckBox;
    box->setObjectName(objectName);
    layout->addRow(label, box);
    Field field;
    field.label = label;
    field.editor = box;
    field.load = [box, value] {
        box->setChecked(*value);
    };
    field.store = [box, value] {
        *value = box->isChecked();
        return QString();
    };
    const std::size_t index = m_fields.size();
    m_fields.push_back(std::move(field));
    connect(box, &QCheckBox::clicked, this, [this, index] { commit(m_fields[index]); });
    m_fields[index].load();
    return box;
}

QComboBox *BoundFields::addChoice(QFormLayout *layout, const QString &label,
                                  const QString &objectName, QString *value,
                                  const QStringList &values)
{
    auto *combo = new QComboBox;
    combo->setObjectName(objectName);
    combo->addItems(values);
    layout->addRow(label, combo);
    Field field;
    field.label = label;
    field.editor = combo;
    field.load = [combo, value] {
        combo->setCurrentIndex(combo->findText(*value));
    };
    field.store = [combo, value] {
        *value = combo->currentText();
        return QString();
    };
    const std::size_t index = m_fields.size();
    m_fields.push_back(std::move(field));
    connect(combo, &QComboBox::activated, this, [this, index] { commit(m_fields[index]); });
    m_fields[index].load();
    return combo;
}

void BoundFields::onStored(QWidget *editor, std::function<void()> hook)
{
    for (Field &field : m_fields)
        if (field.editor == editor)
            field.afterStore = std::move(hook);
}

void BoundFields::commit(Field &field)
{
    const QString problem = field.store();
    mark(field, problem);
    if (!problem.isEmpty())
        return;
    if (field.afterStore)
        field.afterStore();
    Q_EMIT edited();
}

void BoundFields::mark(Field &field, const QString &problem)
{
    const bool changed = field.problem != problem;
    field.problem = problem;
    // Refused input stays visible, outlined, with the reason beside it as its tool tip.
    field.editor->setStyleSheet(problem.isEmpty() ? QString()
                                                  : QStringLiteral("border: 2px solid #d03030;"));
    field.editor->setToolTip(problem);
    if (changed)
        Q_EMIT problemChanged();
}

void BoundFields::loadAll()
{
    for (Field &field : m_fields) {
        field.load();
        mark(field, QString());
    }
}

QString BoundFields::problem() const
{
    for (const Field &field : m_fields)
        if (!field.problem.isEmpty())
            return field.problem;
    return {};
}

} // namespace ys
