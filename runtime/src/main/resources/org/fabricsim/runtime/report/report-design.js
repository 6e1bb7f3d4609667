  // Memory per accelerator by component, against the accelerator's capacity: one stacked bar per training run
  (function () {
    var runs = ok.filter(function (r) { return r.metrics.memoryBreakdownBytes && typeof r.metrics.memoryBreakdownBytes === 'object'; });
    if (!runs.length) { absent('memory', 'No training run here reports its memory per accelerator.'); return; }
    var parts = [];
    runs.forEach(function (r) { Object.keys(r.metrics.memoryBreakdownBytes).forEach(function (k) { if (parts.indexOf(k) < 0) { parts.push(k); } }); });
    function part(r, p) { var v = r.metrics.memoryBreakdownBytes[p]; return isNum(v) ? v / 1e9 : 0; }
    var series = parts.map(function (p) {
      return { name: p, type: 'bar', stack: 'memory', data: runs.map(function (r) { return part(r, p); }) };
    });
    series.push({ name: 'capacity', type: 'scatter', symbol: 'rect', symbolSize: [4, 28], itemStyle: { color: '#111' },
      data: runs.map(function (r, i) { return [isNum(r.metrics.memoryCapacityBytes) ? r.metrics.memoryCapacityBytes / 1e9 : null, i]; }) });
    chart('memory', 'memory per accelerator of the busiest stage (black mark: the accelerator\'s capacity)', {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: function (v) { return isNum(v) ? sig3(v) + ' GB' : '–'; } },
      legend: { top: 0, type: 'scroll' }, grid: { left: 160, right: 30, top: 40, bottom: 40 },
      xAxis: { type: 'value', name: 'GB', axisLabel: { formatter: function (v) { return v + ' GB'; } } },
      yAxis: { type: 'category', data: runs.map(shortName) }, series: series }, 120 + 40 * runs.length);
    document.getElementById('memory').appendChild(table({ 'class': 'memory-table' }, ['run'].concat(parts, ['total', 'capacity', 'share']),
      runs.map(function (r) {
        var m = r.metrics;
        return [shortName(r)].concat(parts.map(function (p) { return gigabytes(m.memoryBreakdownBytes[p]); }),
          [gigabytes(m.memoryPerAcceleratorBytes), gigabytes(m.memoryCapacityBytes),
            isNum(m.memoryCapacityBytes) && m.memoryCapacityBytes > 0 ? pct(m.memoryPerAcceleratorBytes / m.memoryCapacityBytes) : '–']);
      })));
  })();

  // Lock-in: once per cluster the runs used, each fabric's supplier and what it ties the cluster to
  (function () {
    var seen = {}, locks = [];
    data.runs.forEach(function (r) {
      var l = r.parameters && r.parameters.lockIn;
      if (l && typeof l === 'object' && !seen[l.cluster]) { seen[l.cluster] = true; locks.push(l); }
    });
    if (!locks.length) { absent('lockin', 'No run here carries its cluster\'s lock-in analysis.'); return; }
    var verdicts = { OPEN: 'open', SINGLE_SOURCE: 'single-source', ACCELERATOR_LOCK: 'tied to the accelerators',
      ACCELERATOR_MISMATCH: 'cannot work: wrong accelerators' };
    function simple(n) { return n ? n.substring(n.lastIndexOf('.') + 1) : '–'; }
    var section = document.getElementById('lockin');
    locks.forEach(function (l) {
      var verdict = l.seam ? 'seam between scale-up and scale-out: two lock-in decisions'
        : l.singleVendor ? 'single-vendor: both fabrics from one supplier' : 'no seam';
      section.appendChild(el('h3', null, simple(l.cluster) + ': ' + verdict));
      section.appendChild(table({ 'class': 'lockin-table', 'data-cluster': l.cluster },
        ['role', 'fabric', 'supplier', 'standard', 'accelerators', 'verdict'],
        (l.fabrics || []).map(function (f) {
          return [td(f.role, 'text'), td(simple(f.fabric), 'text'), td(simple(f.vendor), 'text'),
            td(f.openStandard ? 'open' : 'proprietary', 'text'), td(f.acceleratorVendor ? simple(f.acceleratorVendor) + ' only' : 'any', 'text'),
            td(verdicts[f.verdict] || f.verdict, f.verdict === 'ACCELERATOR_MISMATCH' ? 'text misses' : 'text')];
        })));
    });
  })();
