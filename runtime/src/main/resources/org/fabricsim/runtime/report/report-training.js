  // Bandwidth against size (benchmarks)
  (function () {
    var bench = ok.filter(function (r) { return Array.isArray(r.metrics.rows) && r.metrics.rows.length && isNum(r.metrics.rows[0].bytes); });
    if (!bench.length) { absent('bandwidth', 'No collective benchmark in these runs.'); return; }
    var series = [];
    bench.forEach(function (r) {
      ['busbwGBps', 'algbwGBps'].forEach(function (key) {
        series.push({ name: shortName(r) + ' ' + key.replace('GBps', ''), type: 'line', showSymbol: true,
          lineStyle: key === 'algbwGBps' ? { type: 'dashed' } : {},
          data: r.metrics.rows.map(function (row) { return [row.bytes, row[key]]; }) });
      });
    });
    chart('bandwidth', null, {
      tooltip: { trigger: 'axis', valueFormatter: function (v) { return fmt(v) + ' GB/s'; } },
      legend: { top: 0, type: 'scroll' }, grid: { left: 70, right: 30, top: 50, bottom: 60 },
      xAxis: { type: 'log', logBase: 2, name: 'message size', nameLocation: 'middle', nameGap: 35, axisLabel: { formatter: function (v) { return bytes(Math.round(v)); } } },
      yAxis: { type: 'value', name: 'GB/s' }, series: series });
  })();

  // Step-time breakdown
  (function () {
    function breakdown(r) { return data.stepBreakdowns[r.name] || null; }
    var runs = ok.filter(function (r) { return breakdown(r); });
    if (!runs.length) { absent('breakdown', 'No run here reports a step-time breakdown (training runs do).'); return; }
    var parts = [];
    runs.forEach(function (r) { Object.keys(breakdown(r)).forEach(function (k) { if (parts.indexOf(k) < 0) { parts.push(k); } }); });
    chart('breakdown', null, {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: function (v) { return fmt(v) + ' s'; } },
      legend: { top: 0 }, grid: { left: 10, right: 50, top: 40, bottom: 30, containLabel: true },
      xAxis: { type: 'value', name: 'seconds per step' }, yAxis: { type: 'category', data: runs.map(shortName) },
      series: parts.map(function (p) { return { name: p, type: 'bar', stack: 'step', data: runs.map(function (r) { var v = breakdown(r)[p]; return isNum(v) ? v : 0; }) }; }) });
    // The bubble is a part of the step; the stage imbalance is idle time of the other stages, beside it.
    document.getElementById('breakdown').appendChild(table({ 'id': 'pipeline-table' },
      ['run', 'pipeline bubble (of the step)', 'stage imbalance (average stage idle)'],
      runs.map(function (r) { return [shortName(r), pct(r.metrics.bubbleFraction), pct(r.metrics.stageImbalanceFraction)]; })));
  })();

  // Where the wall time goes
  (function () {
    var parts = ['productive', 'checkpoint', 'lostWork', 'restart'];
    var runs = ok.filter(function (r) { return r.metrics.wallTimeShares && typeof r.metrics.wallTimeShares === 'object'; });
    if (!runs.length) { absent('uptime', 'No run here states its reliability (training on a cluster with a reliability block does).'); return; }
    chart('uptime', null, {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: pct },
      legend: { top: 0 }, grid: { left: 10, right: 50, top: 40, bottom: 30, containLabel: true },
      xAxis: { type: 'value', name: 'share of wall time', max: 1 }, yAxis: { type: 'category', data: runs.map(shortName) },
      series: parts.map(function (p) { return { name: p, type: 'bar', stack: 'wall', data: runs.map(function (r) { var v = r.metrics.wallTimeShares[p]; return isNum(v) ? v : 0; }) }; }) });
  })();

  // The step time over the job's steps: percentiles from the degraded fabric, the straggler, checkpoints and restarts
  (function () {
    var runs = ok.filter(function (r) { return r.metrics.stepTimeTail && typeof r.metrics.stepTimeTail === 'object'; });
    if (!runs.length) { return; }
    document.getElementById('uptime').appendChild(table({ 'id': 'step-tail-table' },
      ['run', 'step time', 'p50', 'p99', 'p99.9', 'mean', 'steps slower than the intact step'],
      runs.map(function (r) {
        var t = r.metrics.stepTimeTail;
        return [td(shortName(r), 'text'), dur(r.metrics.stepTimeSeconds), dur(t.p50Seconds), dur(t.p99Seconds),
          dur(t.p999Seconds), dur(t.meanSeconds), pct(t.slowStepShare)];
      })));
  })();

  // ETTR against job size (closed form at other sizes, same rates)
  (function () {
    var runs = ok.filter(function (r) { return Array.isArray(r.metrics.ettrByJobSize) && r.metrics.ettrByJobSize.length; });
    if (!runs.length) { return; }
    chart('uptime', 'ETTR against job size (same failure rates, closed form)', {
      tooltip: { trigger: 'axis', valueFormatter: pct },
      legend: { top: 0 }, grid: { left: 10, right: 50, top: 40, bottom: 40, containLabel: true },
      xAxis: { type: 'log', logBase: 2, name: 'accelerators', nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'value', name: 'ETTR', max: 1, axisLabel: { formatter: pct } },
      series: runs.map(function (r) { return { name: shortName(r), type: 'line',
        data: r.metrics.ettrByJobSize.map(function (p) { return [p.accelerators, p.ettr]; }),
        label: { show: true, formatter: function (p) { return pct(p.value[1]); } } }; }) });
    var rows = [];
    runs.forEach(function (r) {
      r.metrics.ettrByJobSize.forEach(function (p) {
        rows.push([td(shortName(r), 'text'), fmt(p.scale) + '×', num(p.accelerators), fmt(p.interruptionsPerDay), pct(p.ettr)]);
      });
    });
    document.getElementById('uptime').appendChild(table({ 'id': 'ettr-size-table' },
      ['run', 'size', 'accelerators', 'interruptions per day', 'ETTR'], rows));
  })();

  // Time to train the token budget, and its cost
  (function () {
    var budgets = ok.filter(function (r) { return isNum(r.metrics.timeToTrainDays); });
    if (!budgets.length) { return; }
    document.getElementById('uptime').appendChild(table({ 'id': 'time-to-train-table' }, ['run', 'time to train (days)', 'cost ($)'],
      budgets.map(function (r) {
        return [td(shortName(r), 'text'), r.metrics.timeToTrainDays.toFixed(1),
          isNum(r.metrics.timeToTrainCost) ? Math.round(r.metrics.timeToTrainCost).toLocaleString('en-US') : '–'];
      })));
  })();

  // Link utilization heat map: each cell labelled with its utilization, then the busiest groups and the tiers in numbers
  (function () {
    var runs = ok.filter(function (r) { return r.metrics.linkUtilization && typeof r.metrics.linkUtilization === 'object'; });
    if (!runs.length) { absent('heatmap', 'No run here reports per-link utilization.'); return; }
    runs.forEach(function (r) {
      var u = r.metrics.linkUtilization, tiers = Object.keys(u), cells = [], width = 1;
      tiers.forEach(function (tier, y) {
        var groups = u[tier].groups || [];
        width = Math.max(width, groups.length);
        groups.forEach(function (busiest, b) { cells.push([b, y, busiest]); });
      });
      chart('heatmap', shortName(r) + ' (busiest link per group of contiguous links; at most ' + width + ' groups per tier)', {
        tooltip: { formatter: function (p) {
          var t = u[tiers[p.value[1]]];
          return tiers[p.value[1]] + ', group ' + p.value[0] + ': ' + pct(p.value[2]) + ' (tier: ' + num(t.links) + ' links, mean '
            + pct(t.mean) + ', p99 ' + pct(t.p99) + ', max ' + pct(t.max) + ')';
        } },
        grid: { left: 120, right: 30, top: 20, bottom: 80 },
        xAxis: { type: 'category', data: Array.from({ length: width }, function (_, i) { return String(i); }), name: 'link group' },
        yAxis: { type: 'category', data: tiers },
        visualMap: { min: 0, max: 1, calculable: true, orient: 'horizontal', left: 'center', bottom: 5, formatter: pct,
          inRange: { color: ['#c6dbef', '#6baed6', '#2171b5', '#fd8d3c', '#bd0026'] } },
        series: [{ type: 'heatmap', data: cells, itemStyle: { borderColor: '#fff', borderWidth: 1 },
          label: { show: width <= 24, formatter: function (p) { return (p.value[2] * 100).toFixed(0); }, color: '#111', fontSize: 10 } }] },
        120 + 48 * tiers.length);
      var top = cells.slice().sort(function (a, b) { return b[2] - a[2]; }).slice(0, 5);
      document.getElementById('heatmap').appendChild(table({ 'class': 'top-links', 'data-run': r.name },
        ['busiest link groups', 'tier', 'group', 'utilization'],
        top.map(function (c, i) { return [String(i + 1), td(tiers[c[1]], 'text'), String(c[0]), pct(c[2])]; })));
      document.getElementById('heatmap').appendChild(table({ 'class': 'tier-table', 'data-run': r.name },
        ['tier', 'links', 'mean', 'p99', 'max'],
        tiers.map(function (tier) { var t = u[tier]; return [tier, num(t.links), pct(t.mean), pct(t.p99), pct(t.max)]; })));
    });
  })();
