// The main of a test source. Several test sources compile as one unit into one program
// (tests/CMakeLists.txt: a test group), so a source does not define main(): YS_TEST_MAIN and its
// kin register the test class under the source's name, tst_<unit>, and the group's main
// (test_main.cpp) runs the one its first argument names, as QTEST_MAIN and its kin would.
#pragma once

#include "test_registry.h"

#include <QTest>

#define YS_TEST_MAIN_WRAPPER(TestObject, ...)                                                      \
    [[maybe_unused]] static const bool ys_test_registered_##TestObject =                           \
        ys::test::registerTest(__FILE__, [](int argc, char **argv) -> int {                        \
            QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                     \
            __VA_ARGS__                                                                            \
            TestObject tc;                                                                         \
            return QTest::qExec(&tc, argc, argv);                                                  \
        });

// QTEST_MAIN: a QApplication where the source links the widgets, else a QCoreApplication.
#define YS_TEST_MAIN(TestObject) YS_TEST_MAIN_WRAPPER(TestObject, QTEST_MAIN_SETUP())
// QTEST_GUILESS_MAIN: a QCoreApplication.
#define YS_TEST_GUILESS_MAIN(TestObject)                                                           \
    YS_TEST_MAIN_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
// QTEST_APPLESS_MAIN: no application object.
#define YS_TEST_APPLESS_MAIN(TestObject) YS_TEST_MAIN_WRAPPER(TestObject)
