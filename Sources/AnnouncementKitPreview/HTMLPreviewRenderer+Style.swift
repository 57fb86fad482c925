import AnnouncementKit

extension HTMLPreviewRenderer {
    /// The page's one style sheet, written inline (the content security policy allows no other).
    ///
    /// The sections flow in a grid that wraps, one or more to a row, so that a page of thousands of
    /// announcements lays out without a script; a section off screen is not painted until it is scrolled
    /// to (`content-visibility`). Each pane holds a screen of 390 × 844 CSS pixels inside its bezel: the
    /// status bar is 47 pixels high and the home indicator's strip 34, as on a phone, and the
    /// announcement sits between them as the SwiftUI layer places it (12 pixels from the sides at the top
    /// and the bottom, 24 when floating or in a modal). An announcement taller than the screen scrolls
    /// inside it. The alt text that stands in for an image wraps between words: only a word longer than
    /// the box breaks.
    package static let css = """
        :root { color-scheme: light; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto,
          "Noto Sans", "Noto Sans CJK JP", sans-serif; }
        body { margin: 0; padding: 24px; background: #E5E5EA; color: #1C1C1E; }
        header h1 { margin: 0 0 4px; font-size: 22px; overflow-wrap: break-word; }
        header p { margin: 0 0 4px; color: #3A3A3C; font-size: 14px; overflow-wrap: break-word; }
        main { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 900px), 1fr)); gap: 24px;
          align-items: start; margin-top: 20px; }
        section.item { min-width: 0; background: #FFFFFF; border-radius: 16px; padding: 16px 16px 20px;
          box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); content-visibility: auto; contain-intrinsic-size: auto 1040px; }
        .caption { margin-bottom: 14px; font-size: 13px; color: #3A3A3C; }
        .caption p { margin: 0 0 6px; overflow-wrap: break-word; }
        .headline { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 10px; }
        .caption .id { font-size: 15px; font-weight: 650; color: #1C1C1E; overflow-wrap: anywhere; }
        .status { padding: 2px 9px; border-radius: 999px; font-weight: 600; background: #E5E5EA; color: #1C1C1E;
          border: 1px solid #C7C7CC; }
        .active .status, .queued .status { border-color: transparent; }
        .active .status { background: #1E7B34; color: #FFFFFF; }
        .queued .status { background: #0A58CA; color: #FFFFFF; }
        .reason code { font-size: 12px; color: #3A3A3C; }
        .detail { color: #1C1C1E; }
        .facts { display: flex; flex-wrap: wrap; gap: 4px 6px; }
        .fact { padding: 1px 7px; border-radius: 6px; background: #F2F2F7; }
        .pair { display: flex; flex-wrap: wrap; gap: 16px; }
        .pane { flex: 1 1 410px; min-width: 0; max-width: 100%; display: flex; flex-direction: column;
          align-items: center; gap: 10px; padding: 12px 8px 18px; border-radius: 14px; box-sizing: border-box; }
        .pane.light { background: #F2F2F7; }
        .pane.dark { background: #2C2C2E; }
        .scheme { margin: 0; font-size: 11px; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase; }
        .light .scheme { color: #3A3A3C; }
        .dark .scheme { color: #E5E5EA; }
        .format-marker { letter-spacing: 0; text-transform: none; font-weight: 500; font-size: 12px; }
        .screen { position: relative; box-sizing: border-box; width: 410px; height: 864px; max-width: 100%;
          flex: none; border: 10px solid #0B0B0C; border-radius: 56px; overflow: hidden; isolation: isolate;
          background: var(--screen); color: var(--ink); font-size: 15px;
          box-shadow: 0 0 0 1px #8E8E93, 0 14px 34px rgba(0, 0, 0, 0.2); }
        .light .screen { --screen: #F2F2F7; --card: #FFFFFF; --line: #D1D1D6; --soft: #E5E5EA; --ink: #000000; }
        .dark .screen { --screen: #000000; --card: #1C1C1E; --line: #3A3A3C; --soft: #2C2C2E; --ink: #FFFFFF; }
        .status-bar { position: absolute; top: 0; left: 0; right: 0; z-index: 3; height: 47px; box-sizing: border-box;
          display: flex; align-items: center; gap: 6px; padding: 4px 26px 0 40px; font-size: 15px; font-weight: 600; }
        .clock { margin-right: auto; }
        .island { position: absolute; top: 11px; left: 50%; width: 120px; height: 34px; margin-left: -60px;
          border-radius: 17px; background: #000000; }
        .signal { width: 17px; height: 11px; background: var(--ink);
          clip-path: polygon(0 100%, 100% 0, 100% 100%); }
        .battery { width: 24px; height: 11px; box-sizing: border-box; border: 1.5px solid var(--ink);
          border-radius: 3.5px; background: linear-gradient(var(--ink), var(--ink)) 1px 1px / 70% 6px no-repeat; }
        .app { position: absolute; inset: 47px 0 0; display: flex; flex-direction: column; gap: 10px;
          padding: 6px 16px; opacity: 0.7; }
        .app span { display: block; flex: none; }
        .app-title { width: 44%; height: 30px; margin: 6px 0 4px; border-radius: 8px; background: var(--line); }
        .app-search { height: 36px; border-radius: 10px; background: var(--soft); }
        .app-row { position: relative; height: 68px; border-radius: 14px; background: var(--card); }
        .app-row::before { content: ""; position: absolute; top: 16px; left: 14px; width: 36px; height: 36px;
          border-radius: 50%; background: var(--soft); }
        .app-row::after { content: ""; position: absolute; top: 20px; left: 62px; right: 24px; height: 28px;
          background: linear-gradient(var(--line), var(--line)) 0 0 / 70% 10px no-repeat,
            linear-gradient(var(--soft), var(--soft)) 0 100% / 45% 8px no-repeat; }
        .backdrop { position: absolute; inset: 0; z-index: 1; background: rgba(0, 0, 0, 0.35); }
        .place { position: absolute; inset: 47px 0 34px; z-index: 2; box-sizing: border-box; display: flex;
          flex-direction: column; justify-content: flex-start; padding: 8px 12px; }
        .position-bottom .place { justify-content: flex-end; }
        .position-floating .place { justify-content: center; padding: 8px 24px; }
        .placement-centred .place { justify-content: center; align-items: center; padding: 24px; }
        .placement-sheet .place { inset: 47px 0 0; justify-content: flex-end; padding: 10px 0 0; }
        .home-indicator { position: absolute; bottom: 8px; left: 50%; z-index: 3; width: 134px; height: 5px;
          margin-left: -67px; border-radius: 3px; background: var(--ink); opacity: 0.85; }
        .banner { flex: 0 1 auto; min-height: 0; overflow-y: auto; display: flex; align-items: flex-start; gap: 10px;
          box-sizing: border-box; padding: 12px 14px; border-radius: 14px; background: var(--bg); color: var(--fg);
          border: 1px solid var(--accent); box-shadow: 0 4px 14px rgba(0, 0, 0, 0.14); }
        .position-floating .banner { box-shadow: 0 8px 30px rgba(0, 0, 0, 0.35); }
        .banner .icon { flex: none; width: 24px; height: 24px; border-radius: 50%; display: flex;
          align-items: center; justify-content: center; background: var(--accent); color: var(--bg);
          font-weight: 700; font-size: 14px; line-height: 1; }
        .banner .body { flex: 1; min-width: 0; }
        .banner .title { margin: 0; font-weight: 650; font-size: 15px; line-height: 1.3; overflow-wrap: break-word; }
        .banner .message { margin: 4px 0 0; font-size: 14px; line-height: 1.4; overflow-wrap: break-word;
          white-space: pre-line; }
        .banner .action { display: inline-block; margin-top: 8px; padding: 4px 12px; border-radius: 999px;
          border: 1.5px solid var(--accent); color: var(--fg); font-size: 13px; font-weight: 600;
          text-decoration: none; overflow-wrap: break-word; max-width: 100%; box-sizing: border-box; }
        .banner .close { flex: none; border: none; background: transparent; color: var(--fg); font-size: 20px;
          line-height: 1; padding: 0 2px; cursor: pointer; }
        .placement-centred .banner { position: relative; flex-direction: column; width: 100%;
          padding: 18px 18px 20px; border-radius: 16px; box-shadow: 0 10px 40px rgba(0, 0, 0, 0.35); }
        .placement-sheet .banner { position: relative; flex-direction: column; min-height: 50%; padding: 8px 20px 46px;
          border-width: 1px 0 0; border-radius: 22px 22px 0 0; box-shadow: 0 -4px 24px rgba(0, 0, 0, 0.2); }
        .banner .grabber { flex: none; align-self: center; width: 36px; height: 5px; margin-bottom: 14px;
          border-radius: 3px; background: var(--fg); opacity: 0.35; }
        .placement-centred .banner:has(> .close):has(> .image) { padding-top: 40px; }
        .placement-centred .close { position: absolute; top: 12px; right: 12px; }
        .placement-sheet .close { position: absolute; top: 12px; right: 14px; }
        .banner .image { display: block; flex: none; object-fit: cover; border-radius: 10px; }
        .banner .image.top { width: 100%; }
        .banner .image.leading { width: 60px; height: 60px; }
        .banner .image.missing { display: flex; align-items: center; justify-content: center; box-sizing: border-box;
          padding: 6px; border: 1px dashed var(--accent); font-size: 12px; line-height: 1.25; text-align: center;
          overflow: hidden; overflow-wrap: break-word; word-break: normal; }
        .banner .image.leading.missing { padding: 3px; font-size: 9.5px; }
        .banner .image.top.missing { max-height: 180px; }
        .empty { color: #3A3A3C; }
        mark.hidden-char { background: #FFE08A; color: #1C1C1E; border-radius: 3px; padding: 0 2px;
          font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.85em; }
        @media (max-width: 640px) { body { padding: 12px; } section.item { padding: 12px; } }

        """
}
