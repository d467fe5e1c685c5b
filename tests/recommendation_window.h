#pragma once

// The workbench's main window on a database, as the Recommendation page's tests open it.

#include "test_support.h"
#include "ui/main_window.h"
#include "ui/recommendation_page.h"
#include "ui/screen_walk.h"
#include "workbench/workbench.h"

#include <QTabWidget>
#include <QTest>
#include <memory>

namespace ys::test {

// A workbench on dbPath into *workbench and its main window into *window, at 1280×800 on the
// newest session with the Recommendation page shown: that page, or null after a warning.
inline RecommendationPage *openRecommendationPage(const QString &dbPath,
                                                  std::unique_ptr<Workbench> *workbench,
                                                  std::unique_ptr<MainWindow> *window)
{
    *workbench = std::make_unique<Workbench>(dbPath);
    QString error;
    if (!(*workbench)->open(&error)) {
        qWarning("%s", qPrintable(error));
        return nullptr;
    }
    *window = std::make_unique<MainWindow>(workbench->get());
    (*window)->resize(1280, 800);
    (*window)->show();
    if (!QTest::qWaitForWindowExposed(window->get()) || !waitForNewestSession(**workbench)) {
        qWarning("the main window or its newest session did not show");
        return nullptr;
    }
    auto *page = (*window)->findChild<RecommendationPage *>(QStringLiteral("recommendationPage"));
    if (page)
        (*window)->pages()->setCurrentWidget(page);
    return page;
}

} // namespace ys::test
