  // Shared helpers of the report's sections: elements, number and unit formatting, charts, tables.
  var data = JSON.parse(document.getElementById('fabric-data').textContent);
  var palette = ['#2f6fde', '#e8743b', '#19a979', '#945ecf', '#ed4a7b', '#13a4b4', '#6c8893', '#ee6868', '#c9b100', '#525df4'];
  var expected = 0, rendered = 0;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) { Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); }); }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function fmt(v) {
    if (v === null || v === undefined || !isFinite(v)) { return '–'; }
    if (v === Math.round(v) && Math.abs(v) < 1e15) { return String(v); }
    var a = Math.abs(v);
    return (a >= 1e6 || a < 1e-3) ? v.toExponential(3) : String(Number(v.toPrecision(5)));
  }
  function isNum(v) { return typeof v === 'number' && isFinite(v); }
  function pct(v) { return isNum(v) ? (v * 100).toFixed(1) + '%' : '–'; }
  // Three significant digits at most, no exponent: 8.00, 24.1, 241.
  function sig3(v) { var a = Math.abs(v); return v.toFixed(a >= 100 ? 0 : a >= 10 ? 1 : 2); }
  // A count with thousands separators: 28,000; 2 decimals below 100.
  function num(v) { return isNum(v) ? v.toLocaleString('en-US', { maximumFractionDigits: Math.abs(v) >= 100 ? 0 : 2 }) : '–'; }
  // A duration in seconds written in s, ms or µs.
  function dur(s) {
    if (!isNum(s)) { return '–'; }
    var a = Math.abs(s);
    if (a >= 1 || a === 0) { return sig3(s) + ' s'; }
    return a >= 1e-3 ? sig3(s * 1e3) + ' ms' : sig3(s * 1e6) + ' µs';
  }
  // Dollars as the console writes them (MetricText.dollars): from $100 whole, a whole amount as it is, else three
  // significant digits and at least the cents: $1,024, $0, $0.702, $1.47, $12.30 (not $0.7 for 0.70).
  function money(v) {
    if (!isNum(v)) { return '–'; }
    var a = Math.abs(v), three = Number(a.toPrecision(3));
    var amount = three >= 100 || a === Math.round(a) ? a.toLocaleString('en-US', { maximumFractionDigits: 0 })
      : three.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 20 });
    return (v < 0 ? '-$' : '$') + amount;
  }
  function gigabytes(b) { return isNum(b) ? sig3(b / 1e9) + ' GB' : '–'; }
  function bytes(b) {
    var units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'], u = 0;
    while (u + 1 < units.length && b >= 1024 && b % 1024 === 0) { b /= 1024; u++; }
    return b + ' ' + units[u];
  }
  function absent(section, what) {
    document.getElementById(section).appendChild(el('p', { 'class': 'absent' }, what));
  }
  // A table in a box that scrolls sideways when it is wider than the page; rows are arrays of cells.
  function table(attrs, headers, rows) {
    var box = el('div', { 'class': 'scroll' });
    var t = el('table', attrs);
    var h = el('tr');
    headers.forEach(function (c) { h.appendChild(el('th', null, c)); });
    t.appendChild(h);
    rows.forEach(function (row) {
      var tr = el('tr');
      row.forEach(function (cell) {
        tr.appendChild(cell instanceof Element ? cell : el('td', null, cell));
      });
      t.appendChild(tr);
    });
    box.appendChild(t);
    return box;
  }
  function td(text, cls) { return el('td', cls ? { 'class': cls } : null, text); }
  function chart(section, title, option, height) {
    var box = el('div', { 'class': 'chart', 'data-chart': section });
    if (height) { box.style.height = height + 'px'; }
    if (title) { document.getElementById(section).appendChild(el('h3', null, title)); }
    document.getElementById(section).appendChild(box);
    expected++;
    document.body.setAttribute('data-charts-expected', String(expected));
    var c = echarts.init(box, null, { renderer: 'canvas' });
    option.animation = false;
    option.color = option.color || palette;
    var done = false;
    c.on('finished', function () {
      if (done) { return; }
      done = true;
      rendered++;
      box.setAttribute('data-rendered', 'true');
      document.body.setAttribute('data-charts-rendered', String(rendered));
    });
    c.setOption(option);
    window.addEventListener('resize', function () { c.resize(); });
  }
  function shortName(run) {
    var i = run.name.indexOf('[');
    var base = i >= 0 ? run.name.substring(0, i) : run.name;
    var simple = base.substring(base.lastIndexOf('.') + 1);
    return i >= 0 ? simple + run.name.substring(i) : simple;
  }
  var ok = data.runs.filter(function (r) { return r.status === 'ok'; });
