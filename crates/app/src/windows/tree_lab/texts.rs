//! The Tree Lab's strings in English and Vietnamese. They live beside the lab (not in
//! `i18n/en.rs` and `vi.rs`) so the lab stays one module; `{0}`, `{1}`.. are filled by
//! [`crate::i18n::fill`].

use crate::session::settings::Language;
use queens_engines::ai::tree::examples::{EXAMPLES, Example};

/// Every string the lab shows; each field is named after where it appears.
#[allow(missing_docs)]
pub(crate) struct LabTexts {
    pub title: &'static str,
    pub menu_item: &'static str,
    pub examples: &'static str,
    pub tree_text: &'static str,
    pub load: &'static str,
    pub random: &'static str,
    pub depth: &'static str,
    pub branching: &'static str,
    pub low: &'static str,
    pub high: &'static str,
    pub seed: &'static str,
    pub generate: &'static str,
    pub root: &'static str,
    pub root_max: &'static str,
    pub root_min: &'static str,
    pub algorithm: &'static str,
    pub minimax: &'static str,
    pub alphabeta: &'static str,
    pub negascout: &'static str,
    pub order: &'static str,
    pub left_to_right: &'static str,
    pub best_first: &'static str,
    pub first: &'static str,
    pub back: &'static str,
    pub forward: &'static str,
    pub last: &'static str,
    pub play: &'static str,
    pub pause: &'static str,
    pub speed: &'static str,
    pub zoom: &'static str,
    /// The button that zooms the whole tree into view.
    pub fit: &'static str,
    pub show_tree: &'static str,
    pub show_steps: &'static str,
    pub export: &'static str,
    pub export_header: &'static str,
    pub choose_file: &'static str,
    pub export_path: &'static str,
    pub exported: &'static str,
    /// In a browser, where the workbook goes: {0} its file name.
    pub downloads_as: &'static str,
    /// In a browser, the workbook downloaded: {0} its file name.
    pub downloaded: &'static str,
    pub leaf_value: &'static str,
    pub leaf_hint: &'static str,
    pub legend_max: &'static str,
    pub legend_min: &'static str,
    pub legend_leaf: &'static str,
    pub legend_pruned: &'static str,
    pub legend_current: &'static str,
    /// {0} so far, {1} this search in all, {2} plain minimax.
    pub evaluations: &'static str,
    /// {0} step, {1} of.
    pub step_of: &'static str,
    pub not_started: &'static str,
    /// {0} value, {1} child number, {2} node number.
    pub result: &'static str,
    pub result_leaf: &'static str,
    /// {0} cuts, {1} re-searches.
    pub counters: &'static str,
    pub col_step: &'static str,
    pub col_node: &'static str,
    pub col_event: &'static str,
    pub col_alpha: &'static str,
    pub col_beta: &'static str,
    pub col_value: &'static str,
    pub col_evals: &'static str,
    pub col_reason: &'static str,
    // Events. {0} the value, or the child number and {1} its value.
    pub ev_enter: &'static str,
    pub ev_scout: &'static str,
    pub ev_research: &'static str,
    pub ev_eval: &'static str,
    pub ev_update_better: &'static str,
    pub ev_update_not: &'static str,
    pub ev_test: &'static str,
    pub ev_cut: &'static str,
    pub ev_return: &'static str,
    // Reasons. {0} alpha, {1} beta; {2} child, {3} value where used.
    pub why_cut_min: &'static str,
    pub why_cut_max: &'static str,
    pub why_test_better_max: &'static str,
    pub why_test_better_min: &'static str,
    pub why_test_exact_max: &'static str,
    pub why_test_exact_min: &'static str,
    pub why_test_not_max: &'static str,
    pub why_test_not_min: &'static str,
    pub why_new_best_max: &'static str,
    pub why_new_best_min: &'static str,
    pub about_tree: &'static str,
    pub about_source: &'static str,
    pub about_options: &'static str,
    pub about_result: &'static str,
    /// One short title per entry of `ai::tree::examples::EXAMPLES`, in its order.
    pub example_titles: [&'static str; 5],
    /// Where each example comes from, in the same order (English: the example's own).
    pub example_sources: [&'static str; 5],
    /// What the document says about each example and what we chose, in the same order.
    pub example_notes: [&'static str; 5],
}

impl LabTexts {
    /// Where `example` comes from and what the document says about it, in this
    /// language, as `(source, note)`.
    pub(crate) fn example_about(&self, example: &Example) -> (&'static str, &'static str) {
        let index = EXAMPLES.iter().position(|known| known.key == example.key);
        match index.and_then(|i| Some((self.example_sources.get(i)?, self.example_notes.get(i)?))) {
            Some((source, note)) => (source, note),
            // Not one of the lab's examples: its own (English) words.
            None => (example.source, example.note),
        }
    }
}

/// The lab's strings in `language`.
pub(crate) fn lab_texts(language: Language) -> &'static LabTexts {
    match language {
        Language::English => &EN,
        Language::Vietnamese => &VI,
    }
}

const EN: LabTexts = LabTexts {
    title: "Tree Lab",
    menu_item: "Tree Lab…",
    examples: "Examples",
    tree_text: "Tree",
    load: "Load",
    random: "Random tree",
    depth: "Depth",
    branching: "Branching",
    low: "Lowest leaf",
    high: "Highest leaf",
    seed: "Seed",
    generate: "Generate",
    root: "Root",
    root_max: "MAX",
    root_min: "MIN",
    algorithm: "Algorithm",
    minimax: "Minimax",
    alphabeta: "Alpha-beta",
    negascout: "NegaScout (PVS)",
    order: "Children",
    left_to_right: "Left to right",
    best_first: "Best first",
    first: "First step",
    back: "Step back",
    forward: "Step forward",
    last: "Last step",
    play: "Play",
    pause: "Pause",
    speed: "Steps per second",
    zoom: "Zoom",
    fit: "Fit the tree",
    show_tree: "Show the tree",
    show_steps: "Show the steps",
    export: "Export steps to Excel",
    export_header: "Excel workbook",
    choose_file: "Choose a file…",
    export_path: "Workbook file",
    exported: "Steps written to {0}",
    downloads_as: "The workbook downloads as {0}",
    downloaded: "Downloaded {0} (see the browser's downloads)",
    leaf_value: "Leaf value",
    leaf_hint: "Click a leaf to edit its value.",
    legend_max: "MAX node",
    legend_min: "MIN node",
    legend_leaf: "leaf",
    legend_pruned: "pruned",
    legend_current: "current",
    evaluations: "Static evaluations so far: {0} · this search: {1} · plain minimax: {2}",
    step_of: "Step {0} of {1}",
    not_started: "Not started: press Step forward (or the Right arrow key) or Play.",
    result: "Value {0}: the root plays child {1} (node {2}).",
    result_leaf: "Value {0}: the root is a leaf.",
    counters: "Cuts: {0} · re-searches: {1}",
    col_step: "Step",
    col_node: "Node",
    col_event: "Event",
    col_alpha: "α",
    col_beta: "β",
    col_value: "Value",
    col_evals: "Evaluations",
    col_reason: "Why",
    ev_enter: "enter",
    ev_scout: "null-window test",
    ev_research: "re-search",
    ev_eval: "evaluate: {0}",
    ev_update_better: "child {0} = {1}, new best",
    ev_update_not: "child {0} = {1}, not better",
    ev_test: "test of child {0} = {1}",
    ev_cut: "cut {0}",
    ev_return: "return {0}",
    why_cut_min: "at this MIN node beta {1} <= alpha {0}: the other children cannot change MAX's choice",
    why_cut_max: "at this MAX node alpha {0} >= beta {1}: the other children cannot change MIN's choice",
    why_test_better_max: "child {2} returned {3} > alpha {0}: it may be better, so it is searched again with [{3}, {1}]",
    why_test_better_min: "child {2} returned {3} < beta {1}: it may be better for MIN, so it is searched again with [{0}, {3}]",
    why_test_exact_max: "child {2} returned {3} > alpha {0}; a leaf's value is exact, no second search",
    why_test_exact_min: "child {2} returned {3} < beta {1}; a leaf's value is exact, no second search",
    why_test_not_max: "child {2} returned {3} <= alpha {0}: the test proves it is no better, no real search needed",
    why_test_not_min: "child {2} returned {3} >= beta {1}: the test proves it is no better for MIN, no real search needed",
    why_new_best_max: "MAX's best so far: alpha = {0}",
    why_new_best_min: "MIN's best so far: beta = {1}",
    about_tree: "Tree",
    about_source: "Source",
    about_options: "Root, algorithm, order",
    about_result: "Result",
    example_titles: [
        "Thesis, fig. 2.9 (27 leaves)",
        "Lecture 4, fig. 4.8, root MAX",
        "Lecture 4, fig. 4.8, root MIN",
        "Slides: 3 12 8 / 2 x y / 14 5 2",
        "Blog: tic-tac-toe tree A-K",
    ],
    example_sources: [
        EXAMPLES[0].source,
        EXAMPLES[1].source,
        EXAMPLES[2].source,
        EXAMPLES[3].source,
        EXAMPLES[4].source,
    ],
    example_notes: [
        EXAMPLES[0].note,
        EXAMPLES[1].note,
        EXAMPLES[2].note,
        EXAMPLES[3].note,
        EXAMPLES[4].note,
    ],
};

const VI: LabTexts = LabTexts {
    title: "Phòng thí nghiệm cây",
    menu_item: "Phòng thí nghiệm cây…",
    examples: "Ví dụ",
    tree_text: "Cây",
    load: "Nạp",
    random: "Cây ngẫu nhiên",
    depth: "Độ sâu",
    branching: "Số nhánh",
    low: "Lá nhỏ nhất",
    high: "Lá lớn nhất",
    seed: "Hạt giống",
    generate: "Tạo cây",
    root: "Gốc",
    root_max: "MAX",
    root_min: "MIN",
    algorithm: "Thuật toán",
    minimax: "Minimax",
    alphabeta: "Alpha-beta",
    negascout: "NegaScout (PVS)",
    order: "Thứ tự con",
    left_to_right: "Trái sang phải",
    best_first: "Tốt nhất trước",
    first: "Bước đầu",
    back: "Lùi một bước",
    forward: "Tiến một bước",
    last: "Bước cuối",
    play: "Chạy",
    pause: "Dừng",
    speed: "Số bước mỗi giây",
    zoom: "Thu phóng",
    fit: "Vừa khung",
    show_tree: "Xem cây",
    show_steps: "Xem các bước",
    export: "Xuất các bước ra Excel",
    export_header: "Bảng tính Excel",
    choose_file: "Chọn tệp…",
    export_path: "Tệp bảng tính",
    exported: "Đã ghi các bước vào {0}",
    downloads_as: "Bảng tính được tải xuống thành {0}",
    downloaded: "Đã tải xuống {0} (xem mục tải xuống của trình duyệt)",
    leaf_value: "Giá trị lá",
    leaf_hint: "Nhấn vào một lá để sửa giá trị.",
    legend_max: "đỉnh MAX",
    legend_min: "đỉnh MIN",
    legend_leaf: "lá",
    legend_pruned: "bị cắt",
    legend_current: "đang xét",
    evaluations: "Số lần lượng giá tĩnh đến giờ: {0} · cả lần tìm: {1} · minimax thuần: {2}",
    step_of: "Bước {0} / {1}",
    not_started: "Chưa bắt đầu: nhấn Tiến một bước (hoặc phím mũi tên phải) hoặc Chạy.",
    result: "Giá trị {0}: gốc chọn con thứ {1} (đỉnh {2}).",
    result_leaf: "Giá trị {0}: gốc là một lá.",
    counters: "Số lần cắt: {0} · tìm lại: {1}",
    col_step: "Bước",
    col_node: "Đỉnh",
    col_event: "Sự kiện",
    col_alpha: "α",
    col_beta: "β",
    col_value: "Giá trị",
    col_evals: "Lượng giá",
    col_reason: "Vì sao",
    ev_enter: "vào đỉnh",
    ev_scout: "thử cửa sổ hẹp",
    ev_research: "tìm lại",
    ev_eval: "lượng giá: {0}",
    ev_update_better: "con {0} = {1}, tốt hơn",
    ev_update_not: "con {0} = {1}, không tốt hơn",
    ev_test: "thử con {0} = {1}",
    ev_cut: "cắt {0}",
    ev_return: "trả về {0}",
    why_cut_min: "tại đỉnh MIN này beta {1} <= alpha {0}: các con còn lại không thể thay đổi lựa chọn của MAX",
    why_cut_max: "tại đỉnh MAX này alpha {0} >= beta {1}: các con còn lại không thể thay đổi lựa chọn của MIN",
    why_test_better_max: "con {2} trả về {3} > alpha {0}: có thể tốt hơn, nên được tìm lại với [{3}, {1}]",
    why_test_better_min: "con {2} trả về {3} < beta {1}: có thể tốt hơn cho MIN, nên được tìm lại với [{0}, {3}]",
    why_test_exact_max: "con {2} trả về {3} > alpha {0}; giá trị của lá là chính xác, không cần tìm lại",
    why_test_exact_min: "con {2} trả về {3} < beta {1}; giá trị của lá là chính xác, không cần tìm lại",
    why_test_not_max: "con {2} trả về {3} <= alpha {0}: phép thử chứng tỏ nó không tốt hơn, không cần tìm thật",
    why_test_not_min: "con {2} trả về {3} >= beta {1}: phép thử chứng tỏ nó không tốt hơn cho MIN, không cần tìm thật",
    why_new_best_max: "tốt nhất của MAX đến giờ: alpha = {0}",
    why_new_best_min: "tốt nhất của MIN đến giờ: beta = {1}",
    about_tree: "Cây",
    about_source: "Nguồn",
    about_options: "Gốc, thuật toán, thứ tự",
    about_result: "Kết quả",
    example_titles: [
        "Luận văn, hình 2.9 (27 lá)",
        "Bài 4, hình 4.8, gốc MAX",
        "Bài 4, hình 4.8, gốc MIN",
        "Slide: 3 12 8 / 2 x y / 14 5 2",
        "Blog: cây carô A-K",
    ],
    example_sources: [
        "Luận văn (chương 2), hình 2.9: độ sâu 3, mỗi nút 3 nhánh",
        "Bài giảng 4 \"Tìm kiếm có đối thủ\", hình 4.8, bảng thứ nhất: gốc 1 là Trắng (MAX)",
        "Bài giảng 4 \"Tìm kiếm có đối thủ\", hình 4.8, bảng thứ hai: gốc 1 là Đen (MIN)",
        "Slide \"Tìm kiếm đối kháng\", \"Ví dụ tỉa nhánh alpha-beta\": 3 12 8 / 2 x y / 14 5 2",
        "Blog \"Cây trò chơi\", mục 4-5: các nút A đến K",
    ],
    example_notes: [
        "Giá trị 5, nhánh giữa; chỉ 16 lần lượng giá tĩnh thay vì 27.",
        "Dựng lại từ bảng (các nút 1-20 đánh số theo từng mức; 6, 8, 10 là các lá -3, 10, 8). \
         Giá trị 10; cắt 11,12 ở nút 4, 16,17 ở nút 7, 20 ở nút 9.",
        "Cùng cây đó với gốc MIN. Giá trị 8; cắt 9 ở nút 3 và 11,12 ở nút 4.",
        "Slide không xét x và y nên để trống; chúng tôi chọn x = 4, y = 6 (giá trị nào cũng \
         cho cùng kết quả). Giá trị 3, 7 lần lượng giá.",
        "A: B=1, C(E(I=0), F=-1), D(G(J=0), H(K=1)); lá 1 là X thắng, 0 hòa, -1 X thua. \
         Giá trị 1 (X thắng); tìm kiếm vét cạn của blog xét cả 5 lá.",
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Each example's source and note are told in the window's language: the Vietnamese
    /// lab showed the English "The thesis (chapter 2), figure 2.9 ..." under its tree.
    #[test]
    fn every_example_is_told_in_each_language() {
        for example in &EXAMPLES {
            let english = lab_texts(Language::English).example_about(example);
            assert_eq!(english, (example.source, example.note));
            let (source, note) = lab_texts(Language::Vietnamese).example_about(example);
            assert!(!source.is_empty() && !note.is_empty(), "{}", example.key);
            assert_ne!(source, example.source, "{}", example.key);
            assert_ne!(note, example.note, "{}", example.key);
            // The numbers the document states stay the same in both languages.
            assert!(
                note.contains(&example.value.to_string()),
                "{}: {note}",
                example.key
            );
        }
    }
}
