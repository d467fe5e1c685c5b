#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace ys {

// Short names for the providers of one session, for the places a full name does not fit: chart
// legends and axis categories. The whole words every name begins with, and those every name ends
// with, are left out ("Simulated Sonnet-class" and "Simulated Flash-class" become "Sonnet-class"
// and "Flash-class"); each label keeps at least one word of its own. When that would make two
// labels alike, or there is only one provider, every label is the full name. Tooltips and tables
// keep the full names.
class ProviderLabels {
public:
    ProviderLabels() = default;
    explicit ProviderLabels(const QStringList &names);

    // The label of `name`; a name it was not made with is its own label.
    QString of(const QString &name) const { return m_labels.value(name, name); }
    // Whether any label differs from its name.
    bool shortened() const { return m_shortened; }

private:
    QHash<QString, QString> m_labels;
    bool m_shortened = false;
};

} // namespace ys
