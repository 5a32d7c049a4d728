/// The report's style sheet, inline (the page may fetch nothing). System
/// fonts only; colours chosen so blocked (red), shielding (violet) and in
/// use (blue) stay apart for the common colour-vision deficiencies too,
/// and every mark also differs by shape.
enum ReportStyle {
    static let css = """
        :root { color-scheme: light; --ink: #1c2024; --muted: #60646c; --line: #e0e1e6; --bg: #f9f9fb;
          --red: #e5484d; --green: #12a150; --violet: #8e4ec6; --blue: #0090ff;
          --amber: #f5a524; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 1260px; padding: 24px 28px 40px; background: var(--bg); color: var(--ink);
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
        header { display: flex; align-items: center; gap: 18px; margin-bottom: 8px; }
        h1 { margin: 0; font-size: 24px; letter-spacing: -0.01em; }
        h2 { font-size: 17px; margin: 0 0 10px; }
        h3 { font-size: 15px; margin: 0 0 8px; }
        .sub { margin: 2px 0 0; color: var(--muted); }
        .verdict { font-weight: 700; font-size: 18px; padding: 10px 16px; border-radius: 10px; color: #fff;
          letter-spacing: 0.06em; }
        .verdict.pass { background: var(--green); }
        .verdict.fail { background: var(--red); }
        section { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 16px 18px;
          margin: 16px 0; box-shadow: 0 1px 2px rgba(0,0,0,.04); }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 12px 0; }
        .tiles { display: grid; grid-template-columns: repeat(5, 1fr); gap: 12px; margin: 14px 0; }
        .tile { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 10px 14px; }
        .tile b { display: block; font-size: 24px; line-height: 1.2; }
        .tile.good b { color: var(--green); }
        .tile span { color: var(--muted); font-size: 12px; }
        .tile.bad { border-color: var(--red); background: #fff5f5; }
        .tile.bad b { color: var(--red); }
        dt { color: var(--muted); }
        dd { margin: 0; }
        pre { background: #f3f4f6; border: 1px solid var(--line); border-radius: 8px; padding: 8px 10px;
          overflow-x: auto; font: 12px/1.5 ui-monospace, "DejaVu Sans Mono", monospace; margin: 4px 0 10px; }
        pre.command { white-space: pre-wrap; word-break: break-all; }
        code { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; }
        p.label { margin: 8px 0 0; font-size: 12px; color: var(--muted); text-transform: uppercase;
          letter-spacing: 0.05em; }
        .hint { color: var(--muted); margin: 4px 0 10px; }
        .good { color: var(--green); font-weight: 600; }
        svg.timeline { width: 100%; height: auto; display: block; }
        svg text { font: 12.5px system-ui, "DejaVu Sans", sans-serif; fill: var(--ink); }
        svg text.section { font-weight: 700; font-size: 12px; fill: var(--muted); text-transform: uppercase;
          letter-spacing: 0.05em; }
        svg text.tick { font-size: 11px; fill: var(--muted); text-anchor: middle; }
        svg text.tick.day { font-weight: 700; fill: var(--ink); }
        svg .lane { fill: #f3f4f6; }
        svg .axis line.hour { stroke: #e8e8ec; }
        svg .axis line.midnight { stroke: #b9bbc6; stroke-width: 1.5; }
        svg rect.blocked { fill: var(--red); opacity: .85; }
        svg rect.used { fill: var(--blue); }
        svg rect.shielding { fill: var(--violet); opacity: .85; }
        svg .violation line { stroke: var(--red); stroke-width: 2; stroke-dasharray: 5 3; }
        svg .violation rect { fill: var(--red); }
        svg .violation text { fill: #fff; font-weight: 700; font-size: 10px; }
        svg rect.under { fill: url(#hatch-under); stroke: var(--red); stroke-width: 1.2; }
        svg rect.over { fill: url(#hatch-over); stroke: var(--violet); stroke-width: 1.2; }
        svg rect.excused { fill: url(#hatch-excused); stroke: var(--amber); stroke-width: 1.2; }
        svg text.span-label { font-size: 10.5px; font-weight: 700; paint-order: stroke; stroke: #fff;
          stroke-width: 3px; }
        svg text.span-label.under { fill: #b4232a; }
        svg text.span-label.over { fill: #6b2fa0; }
        svg text.span-label.excused { fill: #8a5200; }
        svg .clock line { stroke: #0b7285; stroke-width: 1.5; stroke-dasharray: 2 3; }
        svg .clock text { font-size: 11px; font-weight: 700; fill: #0b7285; text-anchor: middle; }
        .legend { display: flex; flex-wrap: wrap; gap: 6px 16px; margin: 10px 0 0; color: var(--muted); font-size: 13px; }
        .swatch { display: inline-block; width: 14px; height: 10px; border-radius: 2px; vertical-align: middle; }
        .swatch.blocked { background: var(--red); }
        .swatch.used { background: var(--blue); height: 4px; }
        .swatch.shielding { background: var(--violet); }
        .swatch.violation { background: var(--red); width: 3px; height: 14px; }
        .swatch.under { background: repeating-linear-gradient(45deg, var(--red) 0 2px, #fff 2px 4px);
          outline: 1px solid var(--red); }
        .swatch.over { background: repeating-linear-gradient(-45deg, var(--violet) 0 2px, #fff 2px 4px);
          outline: 1px solid var(--violet); }
        .swatch.excused { background: repeating-linear-gradient(45deg, var(--amber) 0 2px, #fff 2px 4px);
          outline: 1px solid var(--amber); }
        .swatch.badge { background: var(--red); width: 22px; height: 12px; border-radius: 3px; }
        .swatch.clock { width: 0; height: 14px; border-left: 2px dotted #0b7285; border-radius: 0; }
        .glyph { font-size: 13px; }
        table { border-collapse: collapse; width: 100%; font-size: 13px; }
        th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        thead th { color: var(--muted); font-weight: 600; }
        td.time { white-space: nowrap; color: var(--muted); }
        tr.failed td { background: #fff0f0; color: #a01c20; font-weight: 600; }
        table.matrix td { text-align: center; font-variant-numeric: tabular-nums; }
        table.matrix td small { display: block; color: var(--muted); font-size: 11px; font-weight: 400; }
        table.matrix td.inside { background: #effaf3; }
        table.matrix td.unused { color: #b9bbc6; }
        table.matrix td.outside { background: var(--red); color: #fff; font-weight: 700; }
        table.matrix td.outside small { color: #ffe5e5; }
        article.violation { border-left: 4px solid var(--red); padding: 4px 0 4px 14px; margin: 12px 0 18px; }
        article.violation dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 6px 0; }
        .badge { display: inline-block; min-width: 22px; padding: 0 6px; border-radius: 11px; background: var(--red);
          color: #fff; text-align: center; font-size: 12px; line-height: 22px; }
        ul.outside li { color: #a01c20; }
        details summary { cursor: pointer; color: var(--muted); margin-top: 10px; }
        footer { color: var(--muted); font-size: 12px; margin-top: 20px; }
        a { color: #0d74ce; }
        """
}
