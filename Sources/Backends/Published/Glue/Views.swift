import BindingKit

// SwiftUI's views and modifiers that the screens use, each drawn in the
// BindingKit widget it is given (`in:`), which SwiftUI would make itself.
// The actions a view passes (`onSubmit`, a button's) are set on the widget
// at every draw, as a body hands SwiftUI new closures each time.

/// SwiftUI's `Text`: a string, shown in a label when it is given one.
struct Text: PrimitiveView {
    let string: String
    private let label: Label?

    init(_ string: String, in label: Label? = nil) {
        self.string = string
        self.label = label
    }

    func draw(in renderer: inout Renderer) {
        guard let label else { return }
        label.isHidden = false
        label.text = string
        renderer.set(label)
        renderer.shows(label) { renderer in
            label.isHidden = true
            renderer.set(label)
        }
    }
}

/// SwiftUI's `List`: a row per element, drawn by the list as a data source
/// (the rows in view only), with the gestures the screens use.
struct List<Data: RandomAccessCollection>: PrimitiveView where Data.Index == Int {
    private let data: Data
    private let list: ListWidget
    private let row: (Data.Element) -> ListWidget.Row
    private var actions = ListActions()

    private struct ListActions {
        var select: ((Int) -> Void)?
        var edit: ((Int, String) -> Void)?
        var delete: ((Int) -> Void)?
        var refresh: (() -> Void)?
        var reachEnd: (() -> Void)?
    }

    init(_ data: Data, in list: ListWidget, row: @escaping (Data.Element) -> ListWidget.Row) {
        self.data = data
        self.list = list
        self.row = row
    }

    func onSelect(perform action: @escaping (Int) -> Void) -> Self { with { $0.select = action } }
    func onEdit(perform action: @escaping (Int, String) -> Void) -> Self { with { $0.edit = action } }
    func onDelete(perform action: @escaping (Int) -> Void) -> Self { with { $0.delete = action } }
    func refreshable(action: @escaping () -> Void) -> Self { with { $0.refresh = action } }
    func onReachEnd(perform action: @escaping () -> Void) -> Self { with { $0.reachEnd = action } }

    func draw(in renderer: inout Renderer) {
        let (data, row) = (data, row)
        list.reload(count: data.count) { row(data[data.startIndex + $0]) }
        list.onSelect = actions.select
        list.onEdit = actions.edit
        list.onDelete = actions.delete
        list.onRefresh = actions.refresh
        list.onReachEnd = actions.reachEnd
        renderer.set(list)
        renderer.wired { [list] in
            (list.onSelect, list.onEdit, list.onDelete, list.onRefresh, list.onReachEnd) = (nil, nil, nil, nil, nil)
        }
    }

    private func with(_ change: (inout ListActions) -> Void) -> Self {
        var copy = self
        change(&copy.actions)
        return copy
    }
}

/// SwiftUI's `TextField`: shows its binding's value and writes what is
/// typed back to it (the playground's field keeps its prompt).
struct TextField<Field: BindingKit.TextField>: PrimitiveView {
    private let placeholder: String
    private let text: Binding<String>
    private let field: Field
    private var submit: (() -> Void)?
    private var beginEditing: (() -> Void)?
    private var cancel: (() -> Void)?

    init(_ placeholder: String, text: Binding<String>, in field: Field) {
        self.placeholder = placeholder
        self.text = text
        self.field = field
    }

    /// SwiftUI's `.onSubmit`: Return (a search bar's Search).
    func onSubmit(perform action: @escaping () -> Void) -> Self { with { $0.submit = action } }
    /// The user taps into the field.
    func onBeginEditing(perform action: @escaping () -> Void) -> Self { with { $0.beginEditing = action } }

    func draw(in renderer: inout Renderer) {
        let (text, submit) = (text, submit)
        field.placeholder = placeholder
        field.text = text.wrappedValue
        field.onTextChange = { text.wrappedValue = $0 }
        field.onSubmit = submit.map { submit in { _ in submit() } }
        field.onBeginEditing = beginEditing
        (field as? SearchField)?.onCancel = cancel
        renderer.set(field)
        renderer.wired { [field] in
            (field.onTextChange, field.onSubmit, field.onBeginEditing) = (nil, nil, nil)
            (field as? SearchField)?.onCancel = nil
        }
    }

    fileprivate func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}

extension TextField where Field == SearchField {
    /// A search bar's Cancel.
    func onCancel(perform action: @escaping () -> Void) -> Self { with { $0.cancel = action } }
}

/// SwiftUI's `Button`, with `.disabled`.
struct Button: PrimitiveView {
    private let title: String
    private let button: BindingKit.Button
    private let action: () -> Void
    private var isDisabled = false

    init(_ title: String, in button: BindingKit.Button, action: @escaping () -> Void) {
        self.title = title
        self.button = button
        self.action = action
    }

    func disabled(_ disabled: Bool) -> Self {
        var copy = self
        copy.isDisabled = disabled
        return copy
    }

    func draw(in renderer: inout Renderer) {
        let button = button
        button.title = title
        button.isHidden = false
        button.isEnabled = !isDisabled
        button.onTap = action
        renderer.set(button)
        renderer.wired { button.onTap = nil }
        renderer.shows(button) { renderer in
            button.isHidden = true
            renderer.set(button)
        }
    }
}

/// SwiftUI's `ProgressView`: a spinner that turns while it is in the body.
struct ProgressView: PrimitiveView {
    private let spinner: Spinner

    init(in spinner: Spinner) {
        self.spinner = spinner
    }

    func draw(in renderer: inout Renderer) {
        let spinner = spinner
        spinner.startAnimating()
        renderer.set(spinner)
        renderer.shows(spinner) { renderer in
            spinner.stopAnimating()
            renderer.set(spinner)
        }
    }
}

/// SwiftUI's `Alert`: a title, a message and the button that dismisses it.
struct Alert {
    /// SwiftUI's `Alert.Button`.
    struct Button {
        let label: Text
        let action: () -> Void

        static func `default`(_ label: Text, action: @escaping () -> Void = {}) -> Self {
            Self(label: label, action: action)
        }
    }

    let title: Text
    let message: Text?
    let dismissButton: Button?

    init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title
        self.message = message
        self.dismissButton = dismissButton
    }
}

extension View {
    /// SwiftUI's `.navigationTitle`: the screen's title.
    func navigationTitle(_ title: String) -> some View { NavigationTitle(content: self, title: title) }

    /// SwiftUI's `.onAppear`: runs once the screen has shown its view.
    func onAppear(perform action: @escaping () -> Void) -> some View {
        Lifecycle(content: self) { $0.onAppear.append(action) }
    }

    /// SwiftUI's `.onDisappear`: runs when the view leaves the screen.
    func onDisappear(perform action: @escaping () -> Void) -> some View {
        Lifecycle(content: self) { $0.onDisappear.append(action) }
    }

    /// SwiftUI's `.alert(isPresented:content:)`, drawn in `alert`: shown
    /// while the binding is true; OK sets it false, then runs the button's
    /// action. `content` is asked for only while it is shown.
    func alert(
        isPresented: Binding<Bool>, in alert: BindingKit.Alert, content: @escaping () -> Alert
    ) -> some View {
        AlertPresenter(content: self, isPresented: isPresented, widget: alert, alert: content)
    }
}

private struct NavigationTitle<Content: View>: PrimitiveView {
    let content: Content
    let title: String

    func draw(in renderer: inout Renderer) {
        renderer.title.text = title
        renderer.set(renderer.title)
        renderer.draw(content)
    }
}

private struct Lifecycle<Content: View>: PrimitiveView {
    let content: Content
    let add: (inout Renderer) -> Void

    func draw(in renderer: inout Renderer) {
        renderer.draw(content)
        add(&renderer)
    }
}

private struct AlertPresenter<Content: View>: PrimitiveView {
    let content: Content
    let isPresented: Binding<Bool>
    let widget: BindingKit.Alert
    let alert: () -> Alert

    func draw(in renderer: inout Renderer) {
        renderer.draw(content)
        guard isPresented.wrappedValue else { return }
        let (alert, isPresented) = (alert(), isPresented)
        widget.present(title: alert.title.string, message: alert.message?.string ?? "")
        widget.onDismiss = {
            isPresented.wrappedValue = false
            alert.dismissButton?.action()
        }
        renderer.set(widget)
        renderer.wired { [widget] in widget.onDismiss = nil }
    }
}
