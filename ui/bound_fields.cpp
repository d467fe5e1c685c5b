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

template <typename T> struct Bound {
    using Type = T;
    static constexpr bool optional = false;
};
template <typename T> struct Bound<std::optional<T>> {
    using Type = T;
    static constexpr bool optional = true;
};

// The text an editor shows for *value (V: a number, or an optional one, empty for none).
template <typename V, typename Format> std::function<QString()> shown(const V *value, Format format)
{
    return [value, format] {
        if constexpr (Bound<V>::optional)
            return *value ? format(**value) : QString();
        else
            return format(*value);
    };
}

// Reads an editor's text into *value when parse() reads it and fits() takes it, else returns
// problem(); empty text resets an optional value.
template <typename V, typename Parse, typename Fits, typename Problem>
std::function<QString(const QString &)> reader(V *value, Parse parse, Fits fits, Problem problem)
{
    return [=](const QString &text) {
        if constexpr (Bound<V>::optional) {
            if (text.trimmed().isEmpty()) {
                value->reset();
                return QString();
            }
        }
        const auto v = parse(text);
        if (!v || !fits(*v))
            return problem();
        *value = typename Bound<V>::Type(*v);
        return QString();
    };
}

// A whole number from min to max (or nothing, for an optional value).
template <typename V>
std::function<QString(const QString &)> wholeReader(const QString &label, V *value, qint64 min,
                                                    qint64 max)
{
    return reader(
        value, readInt, [min, max](qint64 v) { return v >= min && v <= max; },
        [label, min, max] {
            if constexpr (Bound<V>::optional)
                return BoundFields::tr("%1: expected a whole number from %2 to %3, or nothing")
                    .arg(label)
                    .arg(min)
                    .arg(max);
            else
                return BoundFields::tr("%1: expected a whole number from %2 to %3")
                    .arg(label)
                    .arg(min)
                    .arg(max);
        });
}

// As the whole-number editors show their value.
const auto wholeText = [](auto v) {
    return QString::number(v);
};

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

template <typename Editor, typename Signal>
Editor *BoundFields::bind(QFormLayout *layout, const QString &label, const QString &objectName,
                          Editor *editor, Signal changed, std::function<void()> load,
                          std::function<QString()> store)
{
    editor->setObjectName(objectName);
    layout->addRow(label, editor);
    Field field;
    field.label = label;
    field.editor = editor;
    field.load = std::move(load);
    field.store = std::move(store);
    const std::size_t index = m_fields.size();
    m_fields.push_back(std::move(field));
    connect(editor, changed, this, [this, index] { commit(m_fields[index]); });
    m_fields[index].load();
    return editor;
}

QLineEdit *BoundFields::addLine(QFormLayout *layout, const QString &label,
                                const QString &objectName, std::function<QString()> show,
                                std::function<QString(const QString &)> read)
{
    auto *edit = new QLineEdit;
    return bind(
        layout, label, objectName, edit, &QLineEdit::textEdited,
        [edit, show] { edit->setText(show()); }, [edit, read] { return read(edit->text()); });
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
    return addLine(layout, label, objectName, shown(value, wholeText),
                   wholeReader(label, value, min, max));
}

QLineEdit *BoundFields::addSeed(QFormLayout *layout, const QString &label,
                                const QString &objectName, quint64 *value, qint64 min, qint64 max)
{
    return addLine(layout, label, objectName, shown(value, wholeText),
                   wholeReader(label, value, min, max));
}

QLineEdit *BoundFields::addOptInt(QFormLayout *layout, const QString &label,
                                  const QString &objectName, std::optional<int> *value, qint64 min,
                                  qint64 max)
{
    return addLine(layout, label, objectName, shown(value, wholeText),
                   wholeReader(label, value, min, max));
}

QLineEdit *BoundFields::addOptInt64(QFormLayout *layout, const QString &label,
                                    const QString &objectName, std::optional<qint64> *value,
                                    qint64 min, qint64 max)
{
    return addLine(layout, label, objectName, shown(value, wholeText),
                   wholeReader(label, value, min, max));
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

// A number in the range (or nothing, for an optional value).
template <typename V>
std::function<QString(const QString &)> numberReader(const QString &label, V *value, double min,
                                                     double max, bool aboveMin)
{
    return reader(
        value, readDouble, [=](double v) { return inRange(v, min, max, aboveMin); },
        [=] { return rangeProblem(label, min, max, aboveMin, Bound<V>::optional); });
}

} // namespace

QLineEdit *BoundFields::addDouble(QFormLayout *layout, const QString &label,
                                  const QString &objectName, double *value, double min, double max,
                                  bool aboveMin)
{
    return addLine(layout, label, objectName, shown(value, number),
                   numberReader(label, value, min, max, aboveMin));
}

QLineEdit *BoundFields::addOptDouble(QFormLayout *layout, const QString &label,
                                     const QString &objectName, std::optional<double> *value,
                                     double min, double max, bool aboveMin)
{
    return addLine(layout, label, objectName, shown(value, number),
                   numberReader(label, value, min, max, aboveMin));
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
    return bind(
        layout, label, objectName, box, &QCheckBox::clicked,
        [box, value] { box->setChecked(*value); },
        [box, value] {
            *value = box->isChecked();
            return QString();
        });
}

QComboBox *BoundFields::addChoice(QFormLayout *layout, const QString &label,
                                  const QString &objectName, QString *value,
                                  const QStringList &values)
{
    auto *combo = new QComboBox;
    combo->addItems(values);
    return bind(
        layout, label, objectName, combo, &QComboBox::activated,
        [combo, value] { combo->setCurrentIndex(combo->findText(*value)); },
        [combo, value] {
            *value = combo->currentText();
            return QString();
        });
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
