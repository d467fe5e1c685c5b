#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <optional>

namespace ys {

class Workbench;

// File → Export/Import session bundle… (docs/bundles.md) on the workbench's database: the
// selected session written to a bundle, or a bundle imported, listed and selected. Each runs on
// the workbench's reader thread (workbench/background_reader.h), through its connection, and
// calls done on context's thread (not when context is gone); a bundle of a big session never
// stalls the window.
namespace BundleIo {

// error is empty when the bundle was written.
using ExportDone = std::function<void(qint64 sessionId, const QString &error)>;
// The imported session's id, already selected; nullopt with the reason.
using ImportDone = std::function<void(std::optional<qint64> sessionId, const QString &error)>;

// False, with *error set and done never called, when there is nothing to do (no session
// selected, no database open).
bool exportSelected(Workbench &workbench, const QString &path, QObject *context, ExportDone done,
                    QString *error);
bool importInto(Workbench &workbench, const QString &path, QObject *context, ImportDone done,
                QString *error);

} // namespace BundleIo

} // namespace ys
