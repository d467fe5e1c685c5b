#pragma once

#include <QString>
#include <QVariant>
#include <Qt>

namespace ys {

// The roles a table model of the workbench answers so that its table leaves the workbench with
// numbers as numbers (ModelTable): the raw value of a cell, and the stable key and unit of a
// column. Far above every model's own roles, so they never collide with them.
enum ExportRole : int {
    // A cell's value in its column's unit: double, qint64 or QString; invalid for an empty cell.
    ExportValueRole = Qt::UserRole + 0x400,
    // A horizontal header's stable, language-free key ("ttft_p95_ms").
    ExportKeyRole,
    // A horizontal header's unit ("ms", "$", "%", "tokens/s"), empty when it has none.
    ExportUnitRole,
};

// A cell's ExportValueRole: the model's raw value where it keeps one, else the displayed value
// (a number stays one); the dash the tables show for nothing is an empty cell.
inline QVariant exportValue(const QVariant &raw, const QVariant &display)
{
    if (raw.isValid())
        return raw;
    if (display.metaType().id() != QMetaType::QString)
        return display;
    const QString text = display.toString();
    return text.isEmpty() || text == QStringLiteral("—") ? QVariant() : display;
}

} // namespace ys
