  // Serving summary: one column per inference run, in a box that scrolls sideways for a long sweep
  (function () {
    var runs = ok.filter(function (r) { return r.kind === 'inference'; });
    if (!runs.length) { absent('serving', 'No inference run here.'); return; }
    var rows = [];
    [['ttftSeconds', 'time to first token'], ['itlSeconds', 'inter-token latency'], ['e2eSeconds', 'end to end'],
      ['kvTransferSeconds', 'KV transfer']].forEach(function (k) {
      ['p50', 'p90', 'p99'].forEach(function (p) {
        rows.push([k[1] + ' ' + p, function (m) { return m[k[0]] ? dur(m[k[0]][p]) : '–'; }]);
      });
    });
    [['outputTokensPerSecond', 'output tokens/s'], ['inputTokensPerSecond', 'input tokens/s'],
      ['outputTokensPerSecondPerAccelerator', 'output tokens/s per accelerator']]
      .forEach(function (k) { rows.push([k[1], function (m) { return num(m[k[0]]); }]); });
    [['costPerMillionOutputTokens', '$ per million output tokens'], ['costPerMillionInputTokens', '$ per million input tokens']]
      .forEach(function (k) { rows.push([k[1], function (m) { return money(m[k[0]]); }]); });
    rows.push(['requests/s', function (m) {
      return isNum(m.completedRequests) && m.makespanSeconds > 0 ? num(m.completedRequests / m.makespanSeconds) : '–';
    }]);
    rows.push(['goodput (requests meeting every SLO)', function (m) { return 'goodput' in m ? pct(m.goodput) : 'n/a (no SLO)'; }]);
    // each objective as the console prints it, so that the missed one is named beside the goodput (until session 70
    // only the goodput showed)
    var slos = [];
    runs.forEach(function (r) {
      (Array.isArray(r.metrics.slos) ? r.metrics.slos : []).forEach(function (o) {
        var label = o.metric + ' p' + o.percentile + ' <= ' + dur(o.limitSeconds);
        if (slos.indexOf(label) < 0) { slos.push(label); }
      });
    });
    slos.forEach(function (label) {
      rows.push(['SLO ' + label, function (m) {
        var o = (Array.isArray(m.slos) ? m.slos : []).filter(function (x) {
          return x.metric + ' p' + x.percentile + ' <= ' + dur(x.limitSeconds) === label;
        })[0];
        return o ? dur(o.achievedSeconds) + (o.met ? ' met' : ' MISSED') : '–';
      }]);
    });
    rows.push(['completed / rejected', function (m) {
      return isNum(m.completedRequests) ? num(m.completedRequests) + ' / ' + num(m.rejectedRequests || 0) : '–';
    }]);
    rows.push(['preemptions', function (m) { return num(m.preemptions); }]);
    [['acceleratorBusyFraction', 'accelerator busy'],
      ['modelFlopsUtilization', 'MFU']].forEach(function (k) { rows.push([k[1], function (m) { return pct(m[k[0]]); }]); });
    document.getElementById('serving').appendChild(table({ 'id': 'serving-table' }, ['metric'].concat(runs.map(shortName)),
      rows.map(function (row) { return [row[0]].concat(runs.map(function (r) { return row[1](r.metrics); })); })));
  })();

  // Latency CDFs: one chart per study and metric, runs as series, on a log time axis
  var timeAxis = { type: 'log', nameLocation: 'middle', nameGap: 30, axisLabel: { formatter: function (v) { return dur(v); } } };
  (function () {
    var groups = {}, order = [];
    function add(r, metric, points) {
      var pts = points.filter(function (p) { return isNum(p[0]) && p[0] > 0; });
      if (pts.length < 2) { return; }
      var key = r.study + ' ' + metric;
      if (!groups[key]) { groups[key] = { study: r.study, metric: metric, series: [] }; order.push(key); }
      groups[key].series.push({ name: shortName(r), type: 'line', step: 'end', showSymbol: pts.length <= 5, data: pts });
    }
    ok.forEach(function (r) {
      var m = r.metrics;
      if (m.latencyCdf && typeof m.latencyCdf === 'object') {
        Object.keys(m.latencyCdf).forEach(function (k) { add(r, k, m.latencyCdf[k]); });
        return;
      }
      Object.keys(m).forEach(function (k) {
        var v = m[k];
        if (v && typeof v === 'object' && !Array.isArray(v)) {
          add(r, k.replace(/Seconds$/, ''), Object.keys(v).filter(function (p) { return /^p\d+(\.\d+)?$/.test(p) && isNum(v[p]); })
            .map(function (p) { return [v[p], Number(p.substring(1)) / 100]; }).sort(function (a, b) { return a[0] - b[0]; }));
        }
      });
    });
    if (!order.length) { absent('latency', 'No run here reports latency percentiles (inference runs do).'); return; }
    var studies = order.map(function (k) { return groups[k].study; }).filter(function (s, i, a) { return a.indexOf(s) === i; });
    order.forEach(function (key) {
      var g = groups[key];
      var words = data.labels[g.metric] || g.metric; // TTFT, KV transfer: the console's words, not the keys
      chart('latency', (studies.length > 1 ? g.study + ': ' : '') + words + ' (' + g.series.length + ' run' + (g.series.length > 1 ? 's' : '') + ')', {
        tooltip: { trigger: 'item', formatter: function (p) { return p.seriesName + ': ' + dur(p.value[0]) + ' at ' + (p.value[1] * 100).toFixed(0) + '%'; } },
        legend: { top: 0, type: 'scroll' }, grid: { left: 70, right: 30, top: 40, bottom: 50 },
        xAxis: Object.assign({ name: words + ' latency (log scale)' }, timeAxis),
        yAxis: { type: 'value', min: 0, max: 1, name: 'fraction of requests', axisLabel: { formatter: pct } },
        series: g.series }, 300);
    });
  })();

  // Latency against load: for each study that varies the arrival rate, percentiles against requests per second
  (function () {
    var studies = data.studies.filter(function (s) { return s.varied.indexOf('rate') >= 0; });
    var drawn = 0;
    studies.forEach(function (s) {
      var runs = ok.filter(function (r) { return r.study === s.name && isNum(r.variation.rate); })
        .sort(function (a, b) { return a.variation.rate - b.variation.rate; });
      if (runs.length < 2) { return; }
      var series = [];
      [['ttftSeconds', 'TTFT'], ['itlSeconds', 'ITL'], ['e2eSeconds', 'end to end']].forEach(function (k) {
        ['p50', 'p99'].forEach(function (p) {
          var pts = runs.filter(function (r) { return r.metrics[k[0]] && isNum(r.metrics[k[0]][p]) && r.metrics[k[0]][p] > 0; })
            .map(function (r) { return [r.variation.rate, r.metrics[k[0]][p]]; });
          if (pts.length) { series.push({ name: k[1] + ' ' + p, type: 'line', showSymbol: true, data: pts, lineStyle: p === 'p50' ? { type: 'dashed' } : {} }); }
        });
      });
      if (!series.length) { return; }
      chart('load', s.name + ' (' + runs.length + ' rates)', {
        tooltip: { trigger: 'axis', valueFormatter: dur }, legend: { top: 0 }, grid: { left: 80, right: 30, top: 40, bottom: 50 },
        xAxis: { type: 'value', name: 'arrival rate (requests/s)', nameLocation: 'middle', nameGap: 30 },
        yAxis: Object.assign({ name: 'latency (log scale)' }, timeAxis, { nameLocation: 'end' }), series: series });
      drawn++;
    });
    if (!drawn) { absent('load', 'No serving study here varies the arrival rate; add vary rate in [...] to a study to see where latency climbs.'); }
  })();

  // Cost: one bar chart per cost metric, in its unit
  (function () {
    var keys = [];
    function costs(r) {
      var out = {};
      (function walk(prefix, m) {
        Object.keys(m).forEach(function (k) {
          var v = m[k], path = prefix ? prefix + '.' + k : k;
          if (isNum(v) && /cost|dollar|usd/i.test(path)) { out[path] = v; }
          else if (v && typeof v === 'object' && !Array.isArray(v)) { walk(path, v); }
        });
      })('', r.metrics);
      return out;
    }
    function unit(key) {
      var per = /PerMillion(Output|Input)?Tokens$/.exec(key);
      if (per) { return '$ per million ' + (per[1] ? per[1].toLowerCase() + ' ' : '') + 'tokens'; }
      var of = /(?:Dollars)?Per(Hour|Step|Year|MfuPointPerYear)$/.exec(key);
      if (of) { return '$ per ' + { Hour: 'hour', Step: 'step', Year: 'year', MfuPointPerYear: 'MFU point per year' }[of[1]]; }
      return /timeToTrain/.test(key) ? '$ to train the token budget' : '$ for the run';
    }
    ok.forEach(function (r) { Object.keys(costs(r)).forEach(function (k) { if (keys.indexOf(k) < 0) { keys.push(k); } }); });
    if (!keys.length) { absent('cost', 'No run here reports cost (give the cluster a cost to see it).'); return; }
    keys.forEach(function (k) {
      var runs = ok.filter(function (r) { return isNum(costs(r)[k]); });
      // In words (the console's label), with the unit where the words do not say it: "cost per step ($)",
      // "cost ($ per year)"; the key itself (costPerStep) only for a key the result has no label for.
      var words = data.labels[k] || k, u = unit(k);
      var title = words + ' (' + (words.slice(-(u.length - 1)) === u.substring(1) ? '$' : u) + ')';
      chart('cost', title, {
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: money },
        grid: { left: 10, right: 90, top: 30, bottom: 20, containLabel: true },
        xAxis: { type: 'value', name: unit(k), axisLabel: { formatter: money } }, yAxis: { type: 'category', data: runs.map(shortName) },
        series: [{ type: 'bar', data: runs.map(function (r) { return costs(r)[k]; }), label: { show: true, position: 'right', formatter: function (p) { return money(p.value); } } }] },
        80 + 34 * runs.length);
    });
  })();
