-- Headless Neovim as a real LSP client of the FabricSim language server (used by NeovimLanguageServerIT).
-- Works with Neovim 0.7 (vim.lsp.start_client + vim.lsp.buf_attach_client; vim.lsp.start is 0.8+).
--
-- Run:  nvim --headless --clean -u NONE -i NONE -n -c "luafile nvim-lsp-driver.lua"
-- Input (environment):
--   FABRIC_SERVER_CMD  JSON array, the server command line, e.g. ["java","-jar","fabric.jar","lsp"]
--   FABRIC_ROOT        workspace folder (rootUri)
--   FABRIC_FILE        the .fabric file to open
--   FABRIC_COMPLETIONS JSON array of {"line":L,"character":C} (0-based) to request completion at
--   FABRIC_DEFINITION  optional {"line":L,"character":C}: go to the definition there, as `gd` does
--   FABRIC_OUT         where to write the JSON result
--   FABRIC_TIMEOUT_MS  bound for each wait (default 60000)
-- Output (FABRIC_OUT): {"initialized":bool, "diagnostics":[...LSP Diagnostic...],
--   "completions":[{"position":{..}, "result":CompletionList|CompletionItem[]|null, "error":..}],
--   "definition":{"uri":..,"buffer":name,"line":text under the cursor,"cursor":[row,col]},
--   "errors":[strings], "server_exit":{code,signal}}
-- Exit code: 0 if diagnostics arrived and every completion request answered, else 1.

local result = { initialized = false, diagnostics = vim.NIL, completions = {}, definition = vim.NIL, errors = {},
  server_exit = vim.NIL }
local out_path = os.getenv('FABRIC_OUT')

local function encode(value)
  local ok, text = pcall(vim.json.encode, value)
  if ok then
    return text
  end
  return vim.fn.json_encode(value)
end

local function finish()
  local file = assert(io.open(out_path, 'w'))
  file:write(encode(result))
  file:close()
  if #result.errors == 0 then
    vim.cmd('qall!')
  else
    vim.cmd('cquit! 1')
  end
end

local function fail(message)
  table.insert(result.errors, message)
end

local function run()
  local timeout = tonumber(os.getenv('FABRIC_TIMEOUT_MS') or '60000')
  local cmd = vim.json.decode((assert(os.getenv('FABRIC_SERVER_CMD'), 'FABRIC_SERVER_CMD not set')))
  local root = assert(os.getenv('FABRIC_ROOT'), 'FABRIC_ROOT not set')
  local path = assert(os.getenv('FABRIC_FILE'), 'FABRIC_FILE not set')
  local positions = vim.json.decode(os.getenv('FABRIC_COMPLETIONS') or '[]')
  local uri = vim.uri_from_fname(path)

  vim.lsp.set_log_level('debug')
  local published = nil
  local client_id = vim.lsp.start_client({
    name = 'fabricsim',
    cmd = cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = 'workspace' } },
    on_init = function()
      result.initialized = true
    end,
    on_exit = function(code, signal)
      result.server_exit = { code = code, signal = signal }
    end,
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
        if params and params.uri == uri and params.diagnostics and #params.diagnostics > 0 then
          published = params.diagnostics
        end
        return vim.lsp.diagnostic.on_publish_diagnostics(err, params, ctx, config)
      end,
    },
  })
  if not client_id then
    fail('vim.lsp.start_client returned nil for ' .. encode(cmd))
    return
  end

  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'fabric'
  if not vim.lsp.buf_attach_client(bufnr, client_id) then
    fail('vim.lsp.buf_attach_client failed')
    return
  end

  if not vim.wait(timeout, function()
    return result.initialized or result.server_exit ~= vim.NIL
  end, 50) then
    fail('server did not finish initialize within ' .. timeout .. ' ms')
    return
  end
  if not result.initialized then
    fail('server exited before initialize completed: ' .. encode(result.server_exit))
    return
  end

  if not vim.wait(timeout, function()
    return published ~= nil or result.server_exit ~= vim.NIL
  end, 50) then
    fail('no textDocument/publishDiagnostics with diagnostics for ' .. uri .. ' within ' .. timeout .. ' ms')
  end
  result.diagnostics = published or vim.NIL

  for _, position in ipairs(positions) do
    local params = { textDocument = { uri = uri }, position = position }
    local responses, err = vim.lsp.buf_request_sync(bufnr, 'textDocument/completion', params, timeout)
    local entry = { position = position, result = vim.NIL, error = vim.NIL }
    if not responses then
      entry.error = 'no response: ' .. tostring(err)
      fail('completion at ' .. encode(position) .. ': ' .. tostring(err))
    else
      local response = responses[client_id]
      if response == nil then
        entry.error = 'no response from the client'
        fail('completion at ' .. encode(position) .. ' got no response')
      elseif response.err or response.error then
        entry.error = response.err or response.error
        fail('completion at ' .. encode(position) .. ' failed: ' .. encode(entry.error))
      else
        entry.result = response.result or vim.NIL
      end
    end
    table.insert(result.completions, entry)
  end

  local definition_at = os.getenv('FABRIC_DEFINITION')
  if definition_at then
    local position = vim.json.decode(definition_at)
    local params = { textDocument = { uri = uri }, position = position }
    local responses, err = vim.lsp.buf_request_sync(bufnr, 'textDocument/definition', params, timeout)
    local response = responses and responses[client_id]
    local answer = response and response.result
    if not answer or (vim.tbl_islist(answer) and #answer == 0) then
      fail('definition at ' .. encode(position) .. ' answered nothing: ' .. tostring(err) .. ' ' .. encode(response))
    else
      local location = vim.tbl_islist(answer) and answer[1] or answer
      -- what `gd` does with the answer: open the location's file and put the cursor on its range
      local jumped, jump_err = pcall(vim.lsp.util.jump_to_location, location, 'utf-16')
      if not jumped then
        fail('could not open the definition ' .. encode(location) .. ': ' .. tostring(jump_err))
      end
      result.definition = { uri = location.uri or location.targetUri, buffer = vim.api.nvim_buf_get_name(0),
        line = vim.api.nvim_get_current_line(), cursor = vim.api.nvim_win_get_cursor(0) }
    end
  end

  -- Orderly shutdown (shutdown request + exit notification), bounded.
  vim.lsp.stop_client(client_id)
  vim.wait(10000, function()
    return result.server_exit ~= vim.NIL
  end, 50)
end

local ok, err = pcall(run)
if not ok then
  fail('driver error: ' .. tostring(err))
end
local written, write_err = pcall(finish)
if not written then
  io.stderr:write('nvim-lsp-driver: could not write ' .. tostring(out_path) .. ': ' .. tostring(write_err) .. '\n')
  vim.cmd('cquit! 2')
end
