#pragma once

#include <QString>
#include <functional>

class QWidget;

namespace ys {

class MainWindow;
class Workbench;

// Shows every page of the window and every tab of the tab widgets inside each page in turn, as
// an analyst clicking through would, and calls visit(stem, shown) once each has settled: the
// page's reads off the UI thread done and its charts laid out. stem names what is shown, e.g.
// "01-resultsPage-charts-03-contextChart"; shown is the page or tab. Pages and tabs are found at
// run time, so a page added later is walked too. Stops, returning false, when visit does.
// yardstick-screenshots pictures each step; tst_screen_walk checks each.
bool walkWindow(MainWindow &window, const Workbench &workbench,
                const std::function<bool(const QString &stem, QWidget *shown)> &visit);

// Waits until the workbench has loaded its newest session (at most two minutes), then selects
// a provider, as an analyst would before looking around: the first whose server metrics were
// read, so every view has something of it to show, else the first. False when no session loaded.
bool waitForNewestSession(Workbench &workbench);

// Lets the event loop run for ms milliseconds (events, timers, deferred deletes).
void settle(int ms);

} // namespace ys
