  // Header
  document.getElementById('title').textContent = 'FabricSim report: ' + data.model;
  var sources = data.studies.map(function (s) { return s.source; }).filter(function (s, i, a) { return s && a.indexOf(s) === i; });
  document.getElementById('subtitle').textContent = data.runs.length + ' run(s)' + (sources.length ? ' from ' + sources.join(', ') : '');
  document.getElementById('tool').textContent = data.tool;

  // Verdicts first: what each study of several runs decides (StudyVerdict), the winner and every other run's gap; for a
  // training study each row also says why (the gap's points lost to behaviour, routing and the switches and links), the
  // step time and the exposed communication, and a line under the table what an MFU point is priced at.
  (function () {
    var section = document.getElementById('headline');
    var byName = {};
    ok.forEach(function (r) { byName[r.name] = r; });
    data.verdicts.forEach(function (v) {
      function label(run) { return v.labels[run] || run; }
      var line = v.best === null ? v.study + ': no run meets every SLO, so none wins on ' + v.objective
        : v.study + ': ' + label(v.best) + ' wins on ' + v.objective + ', ' + v.bestText
          + (v.tied.length ? ' (tied: ' + v.tied.map(label).join(', ') + ')' : '');
      section.appendChild(el('h3', { 'class': 'verdict', 'data-study': v.study }, line));
      var dollars = v.behind.some(function (b) { return b.dollarsPerYearText !== null; });
      var why = v.behind.some(function (b) { return b.why; });
      var training = v.metric === 'mfu';
      // The study's runs carry a step-time tail (a cluster with a reliability): its p99 and p99.9 over the steps.
      var tails = training && ok.some(function (r) { return r.study === v.study && r.metrics.stepTimeTail; });
      // Step time and exposed communication (its share of the step, and its seconds) of a training run.
      function figures(run) {
        if (!training) { return []; }
        var m = (byName[run] || {}).metrics || {}, exposed = m.exposedCommunicationSeconds || {};
        var seconds = Object.keys(exposed).reduce(function (t, k) { return t + (isNum(exposed[k]) ? exposed[k] : 0); }, 0);
        var tail = m.stepTimeTail || {};
        return [dur(m.stepTimeSeconds)].concat(tails ? [dur(tail.p99Seconds) + ' / ' + dur(tail.p999Seconds)] : [],
          [isNum(m.exposedCommunicationFraction) ? pct(m.exposedCommunicationFraction) + ' (' + dur(seconds) + ')' : '–']);
      }
      // The gap's points lost to behaviour, routing and the switches and links (VerdictReasons.Split), or blanks.
      function reasons(split) {
        function tenth(p) { return (Math.abs(p) < 0.05 ? 0 : p).toFixed(1); }
        return !why ? [] : split ? [tenth(split.behaviourPoints), tenth(split.routingPoints), tenth(split.restPoints)]
          : ['', '', ''];
      }
      // The cluster's lock-in in a few words (LockIn): a seam names both suppliers, single-vendor the one.
      function lockIn(run) {
        var l = ((byName[run] || {}).parameters || {}).lockIn;
        if (!l || !Array.isArray(l.fabrics)) { return []; }
        var vendors = l.fabrics.map(function (f) { return f.vendor ? f.vendor.substring(f.vendor.lastIndexOf('.') + 1) : '–'; });
        return [td(l.seam ? 'seam: ' + vendors.join(' / ') : l.singleVendor ? 'single-vendor: ' + vendors[0] : 'no seam', 'text')];
      }
      var locks = training && ok.some(function (r) { return r.study === v.study && r.parameters && r.parameters.lockIn; });
      function row(run, by, cost, split) {
        return [label(run), by].concat(dollars ? [cost] : [], reasons(split), figures(run), locks ? lockIn(run) : []);
      }
      var rows = v.best === null || !training ? [] : [row(v.best, 'wins', '', null)].concat(v.tied.map(function (t) {
        return row(t, 'tied', '', null);
      }));
      rows = rows.concat(v.behind.map(function (b) {
        return row(b.run, b.gap, b.dollarsPerYearText === null ? '–' : b.dollarsPerYearText, b.why);
      }));
      if (v.missing.length) { rows.push([v.missing.map(label).join(', '), 'misses an SLO'].concat(dollars ? [''] : [])); }
      if (rows.length) {
        section.appendChild(table({ 'class': 'verdict-table', 'data-study': v.study },
          [training ? 'run' : 'behind the winner', training ? 'MFU behind the winner' : 'by'].concat(
            dollars ? [training ? '$ a year on its cluster' : 'what the gap costs a year on its cluster'] : [],
            why ? ['of which: behaviour (points)', 'routing (points)', 'switches and links (points)'] : [],
            training ? ['step time'].concat(tails ? ['step time p99 / p99.9 (over steps)'] : [],
              ['exposed communication (of the step)']) : [], locks ? ['lock-in (below)'] : []), rows));
      }
      if (v.pricing) { section.appendChild(el('p', { 'class': 'pricing', 'data-study': v.study }, v.pricing)); }
    });
  })();

  // Headline cards: the figures a run is judged by, for every run of a study with at most 4 successful runs
  // (a larger sweep is read in its comparison table).
  (function () {
    function cards(r) {
      var m = r.metrics, out = [];
      // A figure the run lacks gets no card; a note that lacks its figure is left out.
      function card(key, label, value, note) {
        if (value !== '–') { out.push([key, label, value, note && note.indexOf('–') < 0 ? note : '']); }
      }
      if (r.kind === 'training') {
        // The MFU card says what it is a share of; the HFU card beside it shows HFU (not repeated here).
        card('mfu', 'MFU', pct(m.mfu), 'of dense BF16 peak');
        card('hfu', 'HFU', pct(m.hfu), 'with recomputation');
        card('step', 'step time', dur(m.stepTimeSeconds), 'bubble ' + pct(m.bubbleFraction));
        // Exposed communication: its share of the step, its seconds and the parallelism that exposes most.
        var exposed = m.exposedCommunicationSeconds || {}, kinds = Object.keys(exposed).filter(function (k) { return isNum(exposed[k]); });
        var most = kinds.sort(function (a, b) { return exposed[b] - exposed[a]; })[0];
        card('exposed', 'exposed communication', pct(m.exposedCommunicationFraction), most === undefined ? ''
          : dur(kinds.reduce(function (t, k) { return t + exposed[k]; }, 0)) + ' a step, most in ' + most + ': ' + dur(exposed[most]));
        card('tflops', 'TFLOPS per accelerator', isNum(m.tflopsPerAccelerator) ? sig3(m.tflopsPerAccelerator) : '–', 'model FLOPs, dense BF16');
        card('tokens', 'tokens/s', num(m.tokensPerSecond), 'whole job');
        if (isNum(m.memoryPerAcceleratorBytes)) {
          card('memory', 'memory per accelerator', gigabytes(m.memoryPerAcceleratorBytes), isNum(m.memoryCapacityBytes)
            ? 'of ' + gigabytes(m.memoryCapacityBytes) + ' (' + pct(m.memoryPerAcceleratorBytes / m.memoryCapacityBytes) + ')' : '');
        }
        if (isNum(m.costPerStep)) { card('cost', 'cost per step', money(m.costPerStep), money(m.costPerHour) + ' per hour'); }
        if (isNum(m.costPerMillionTokens)) { card('cost-mtok', 'cost per million tokens', money(m.costPerMillionTokens), 'trained'); }
      } else if (r.kind === 'inference') {
        card('tokens', 'output tokens/s', num(m.outputTokensPerSecond), num(m.outputTokensPerSecondPerAccelerator) + ' per accelerator');
        if (m.ttftSeconds) { card('ttft', 'TTFT p99', dur(m.ttftSeconds.p99), 'p50 ' + dur(m.ttftSeconds.p50)); }
        if (m.itlSeconds) { card('itl', 'ITL p99', dur(m.itlSeconds.p99), 'p50 ' + dur(m.itlSeconds.p50)); }
        card('goodput', 'goodput', 'goodput' in m ? pct(m.goodput) : 'n/a', 'requests meeting every SLO');
        card('mfu', 'MFU', pct(m.modelFlopsUtilization), 'busy ' + pct(m.acceleratorBusyFraction));
        if (isNum(m.costPerMillionOutputTokens)) { card('cost', 'cost per million output tokens', money(m.costPerMillionOutputTokens)); }
      } else if (r.kind === 'shared-fabric' && Array.isArray(m.jobs)) {
        // Each job beside the others, against the job alone (docs/results-schema.md, shared-fabric).
        m.jobs.forEach(function (j) {
          var key = 'job-' + j.job, cost = ' (x' + (isNum(j.slowdown) ? sig3(j.slowdown) : '–') + ')';
          if (j.kind === 'training') {
            card(key, j.job + ': step shared', dur(j.stepTimeSharedSeconds), 'alone ' + dur(j.stepTimeAloneSeconds)
              + cost + ', MFU ' + pct(j.mfuAlone) + ' alone, ' + pct(j.mfuShared) + ' shared');
          } else if (j.kind === 'inference' && j.ttftSharedSeconds) {
            card(key, j.job + ': TTFT p99 shared', dur(j.ttftSharedSeconds.p99), 'alone ' + dur(j.ttftAloneSeconds.p99)
              + (j.e2eSharedSeconds ? '; E2E p99 ' + dur(j.e2eAloneSeconds.p99) + ' alone, ' + dur(j.e2eSharedSeconds.p99) + ' shared' : ''));
          } else {
            card(key, j.job + ': time shared', dur(j.timeSharedSeconds), 'alone ' + dur(j.timeAloneSeconds) + cost);
          }
        });
      } else if (Array.isArray(m.rows) && m.rows.length) {
        var best = m.rows.filter(function (row) { return isNum(row.busbwGBps); })
          .sort(function (a, b) { return b.busbwGBps - a.busbwGBps; })[0];
        if (best) { card('busbw', 'peak busbw', sig3(best.busbwGBps) + ' GB/s', 'at ' + bytes(best.bytes)); }
        card('latency', 'smallest message', dur(m.rows[0].timeSeconds), isNum(m.rows[0].bytes) ? bytes(m.rows[0].bytes) : m.rows[0].direction);
      }
      return out;
    }
    var shown = 0;
    data.studies.forEach(function (s) {
      var runs = ok.filter(function (r) { return r.study === s.name; });
      if (!runs.length || runs.length > 4) { return; }
      runs.forEach(function (r) {
        var list = cards(r);
        if (!list.length) { return; }
        var section = document.getElementById('headline');
        section.appendChild(el('h3', null, r.name));
        var p = r.parameters || {};
        var used = [p.cluster && 'cluster ' + p.cluster, p.scaleUpFabric && 'scale-up ' + p.scaleUpFabric,
          p.scaleOutFabric && 'scale-out ' + p.scaleOutFabric].filter(function (x) { return x; });
        if (used.length) { section.appendChild(el('p', { 'class': 'absent' }, used.join(', '))); }
        var box = el('div', { 'class': 'cards', 'data-run': r.name });
        list.forEach(function (c) {
          var card = el('div', { 'class': 'card', 'data-metric': c[0] });
          card.appendChild(el('div', { 'class': 'label' }, c[1]));
          card.appendChild(el('div', { 'class': 'value' }, c[2]));
          card.appendChild(el('div', { 'class': 'note' }, c[3]));
          box.appendChild(card);
        });
        section.appendChild(box);
        shown++;
      });
    });
    if (!shown && !data.verdicts.length) { absent('headline', 'Every study here sweeps more than 4 runs; read them side by side below.'); }
  })();

  // Runs
  document.getElementById('runs').appendChild(table(null, ['run', 'kind', 'status', 'varied', 'seed', 'wall', 'events', 'flows'],
    data.runs.map(function (r) {
      return [r.name, td(r.kind, 'text'), td(r.status === 'ok' ? 'ok' : 'failed: ' + r.error, r.status === 'ok' ? 'text' : 'text failed'),
        td(Object.keys(r.variation).map(function (k) { return k + '=' + r.variation[k]; }).join(', ') || '–', 'text'),
        r.seed, dur(r.engine.wallSeconds), num(r.engine.events), num(r.engine.flows)];
    })));

  // Predicted against expected: one table under each run's headline
  (function () {
    var names = Object.keys(data.expectations);
    if (!names.length) { absent('expectations', 'No study states a published figure; add a line such as expect mfu 43 % source "..." to a study to hold its runs against it.'); return; }
    var section = document.getElementById('expectations');
    names.forEach(function (name) {
      var rows = data.expectations[name];
      var missed = rows.filter(function (row) { return !row.within; }).length;
      section.appendChild(el('h3', null, name + ': ' + (missed ? missed + ' of ' + rows.length + ' MISSED' : 'all ' + rows.length + ' within tolerance')));
      section.appendChild(table({ 'data-run': name }, ['metric', 'expected', 'predicted', 'error', 'tolerance', 'verdict', 'source'],
        rows.map(function (row) {
          return [row.metric, row.expected, row.predicted, row.error, row.tolerance,
            td(row.within ? 'within' : 'MISSES', row.within ? 'text' : 'text misses'), td(row.source, 'text')];
        })));
    });
  })();

  // Comparisons
  (function () {
    if (!data.comparisons.length) { absent('comparisons', 'Every study here has a single run; add "vary" to a study to compare runs.'); return; }
    data.comparisons.forEach(function (cmp) {
      document.getElementById('comparisons').appendChild(el('h3', null, cmp.study + ' (baseline: ' + (cmp.baseline || 'none, every run failed') + ')'));
      var headers = ['metric'].concat(cmp.runs.map(function (r) {
        var label = r.indexOf(cmp.study) === 0 && r.length > cmp.study.length ? r.substring(cmp.study.length) : r;
        return label + (r === cmp.baseline ? ' (baseline)' : '');
      }));
      document.getElementById('comparisons').appendChild(table(null, headers, cmp.rows.map(function (row) {
        // The console's texts (Comparison.Row): each value in its unit, each change in points or per cent.
        return [row.label].concat(row.values.map(function (v, i) {
          var cell = td(row.texts[i]);
          var d = row.deltas[i];
          if (row.changes[i]) {
            cell.appendChild(el('span', { 'class': 'delta ' + (d >= 0 ? 'delta-up' : 'delta-down') }, row.changes[i]));
          }
          return cell;
        }));
      })));
    });
  })();

  // Packet runs: each size's busiest ports (metrics.rows[].ports, at most 32 per size)
  (function () {
    var section = document.getElementById('ports'), shown = 0;
    ok.forEach(function (r) {
      (Array.isArray(r.metrics.rows) ? r.metrics.rows : []).forEach(function (row) {
        if (!Array.isArray(row.ports) || !row.ports.length) { return; }
        shown++;
        section.appendChild(el('h3', null, r.name + (isNum(row.bytes) ? ' at ' + bytes(row.bytes) : '') + ': ' + row.ports.length + ' busiest ports'));
        section.appendChild(table({ 'data-run': r.name }, ['link', 'from → to', 'peak queue', 'mean queue', 'p99 queue', 'paused',
          'drops', 'ECN marks', 'trimmed', 'sent', 'retransmitted'], row.ports.map(function (p) {
          return [p.link, p.fromNode + ' → ' + p.toNode, num(p.peakQueueBytes) + ' B', num(p.meanQueueBytes) + ' B',
            num(p.queueP99Bytes) + ' B', dur(p.pauseSeconds), num(p.drops), num(p.ecnMarks), num(p.trimmed || 0),
            num(p.sentBytes) + ' B', num(p.retransmittedBytes) + ' B'];
        })));
      });
    });
    if (!shown) { absent('ports', 'No packet run here; a benchmark with network packet reports its ports\' queues, pauses and drops.'); }
  })();
