#pragma once

#include <QShowEvent>

namespace ys {

// A chart widget (VIEW: QChartView, QWidget) that redraws from the workbench lazily: refresh()
// redraws now when the widget is visible, else when it is next shown; rebuild() redraws now.
// The chart draws itself in draw().
template <typename View> class RedrawnWhenShown : public View {
public:
    using View::View;

    // Redraws from the workbench now.
    void rebuild()
    {
        m_dirty = false;
        draw();
    }

protected:
    virtual void draw() = 0;

    // Redraws now when visible, else when next shown.
    void refresh()
    {
        m_dirty = true;
        if (this->isVisible())
            rebuild();
    }

    void showEvent(QShowEvent *event) override
    {
        View::showEvent(event);
        if (m_dirty)
            rebuild();
    }

private:
    bool m_dirty = true;
};

} // namespace ys
