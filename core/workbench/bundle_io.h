#pragma once

#include <QString>
#include <optional>

namespace ys {

class Workbench;

// File → Export/Import session bundle… (docs/bundles.md) on the workbench's database: the
// selected session written to a bundle, or a bundle imported, listed and selected. Each opens a
// connection of its own for the call; the window shows what comes back.
namespace BundleIo {

bool exportSelected(Workbench &workbench, const QString &path, QString *error);
// The imported session's id, already selected; nullopt with the reason.
std::optional<qint64> importInto(Workbench &workbench, const QString &path, QString *error);

} // namespace BundleIo

} // namespace ys
