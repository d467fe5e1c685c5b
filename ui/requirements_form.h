#pragma once

#include "domain/requirements.h"

#include <QWidget>
#include <optional>

class QComboBox;

namespace ys {

class BoundFields;

// A suite's requirements: a preset to start from and each gate's threshold (empty: no gate),
// the cost basis, N of M and the per-request objectives. It edits a copy; edited() says the copy
// changed.
class RequirementsForm : public QWidget {
    Q_OBJECT
public:
    explicit RequirementsForm(QWidget *parent = nullptr);

    // Absent: the suite's default, the "line" preset.
    void setRequirements(const std::optional<Requirements> &requirements);
    const Requirements &requirements() const { return m_requirements; }
    QString problem() const;

Q_SIGNALS:
    void edited();
    void problemChanged();

private:
    void choosePreset(int index);
    void showPreset();

    Requirements m_requirements;
    QString m_basis; // the cost basis as its combo shows it
    BoundFields *m_fields;
    QComboBox *m_preset;
};

} // namespace ys
