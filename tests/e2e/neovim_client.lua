-- A headless Neovim (0.7 or newer) as a designer's editor with `megahex lsp` attached: it opens
-- each file of a plan, waits for the server's diagnostics, asks for a hover, a definition and
-- the quick fixes, and writes what it got as JSON. Run by tests/e2e/neovim.rs:
--   MEGAHEX_BIN=... MEGAHEX_NVIM_PLAN=plan.json MEGAHEX_NVIM_OUT=out.json \
--     nvim --headless --clean -c 'luafile neovim_client.lua'
local plan = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv("MEGAHEX_NVIM_PLAN")), "\n"))
local published = {}
local client_id = vim.lsp.start_client({
  name = "megahex",
  cmd = { os.getenv("MEGAHEX_BIN"), "lsp" },
  root_dir = vim.fn.getcwd(),
  handlers = {
    ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
      published[result.uri] = result.version or true
      vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
    end,
  },
})

local out = { files = {} }

local function open(path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)
  if not vim.lsp.buf_is_attached(buf, client_id) then
    published[uri] = nil
    vim.lsp.buf_attach_client(buf, client_id)
  end
  local arrived = vim.wait(30000, function() return published[uri] ~= nil end, 5)
  return buf, arrived
end

for _, path in ipairs(plan.files) do
  local buf, arrived = open(path)
  local seen = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code
    if code == nil and d.user_data and d.user_data.lsp then code = d.user_data.lsp.code end
    table.insert(seen, { line = d.lnum + 1, column = d.col + 1, code = code, severity = d.severity })
  end
  table.insert(out.files, { path = path, arrived = arrived, diagnostics = seen })
end

local function ask(method, at, extra)
  local buf = open(at.file)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = at.line, character = at.character },
  }
  for k, v in pairs(extra or {}) do params[k] = v end
  local answers = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
  for _, answer in pairs(answers) do
    if answer.result then return answer.result end
  end
  return vim.NIL
end

out.hovers = {}
for _, at in ipairs(plan.hovers or {}) do
  local result = ask("textDocument/hover", at)
  table.insert(out.hovers, result ~= vim.NIL and result.contents.value or "")
end
out.definitions = {}
for _, at in ipairs(plan.definitions or {}) do
  table.insert(out.definitions, ask("textDocument/definition", at))
end
-- The diagnostics of a buffer once the server has checked its latest text: the publication
-- for the version Neovim last sent (its changes go out after a short debounce).
local function settled(buf)
  local uri = vim.uri_from_bufnr(buf)
  vim.wait(30000, function()
    local sent = vim.lsp.util.buf_versions[buf]
    return sent ~= nil and published[uri] == sent
  end, 5)
  return vim.diagnostic.get(buf)
end

if plan.actions then
  local whole = { start = { line = 0, character = 0 }, ["end"] = { line = 100000, character = 0 } }
  local result = ask("textDocument/codeAction", plan.actions, { range = whole, context = { diagnostics = {} } })
  out.actions = {}
  local preferred
  for _, action in ipairs(result ~= vim.NIL and result or {}) do
    table.insert(out.actions, action.title)
    if action.isPreferred and not preferred then preferred = action end
  end
  -- The preferred fix applied as the editor applies it; the buffer is checked again.
  if preferred then
    local buf = open(plan.actions.file)
    vim.lsp.util.apply_workspace_edit(preferred.edit, "utf-16")
    out.fixed_diagnostics = {}
    for _, d in ipairs(settled(buf)) do table.insert(out.fixed_diagnostics, d.message) end
    out.fixed_text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
  end
end

out.references = {}
for _, at in ipairs(plan.references or {}) do
  local result = ask("textDocument/references", at, { context = { includeDeclaration = true } })
  table.insert(out.references, result ~= vim.NIL and #result or 0)
end

out.completions = {}
for _, at in ipairs(plan.completions or {}) do
  local result = ask("textDocument/completion", at)
  local labels = {}
  local items = result ~= vim.NIL and (result.items or result) or {}
  for _, item in ipairs(items) do table.insert(labels, item.label) end
  table.insert(out.completions, labels)
end

-- A rename applied as the editor applies it: the buffer's text, and its diagnostics after.
if plan.rename then
  local result = ask("textDocument/rename", plan.rename, { newName = plan.rename.new_name })
  local buf = open(plan.rename.file)
  if result ~= vim.NIL then
    vim.lsp.util.apply_workspace_edit(result, "utf-16")
  end
  out.renamed_text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
  out.renamed_diagnostics = {}
  for _, d in ipairs(settled(buf)) do table.insert(out.renamed_diagnostics, d.message) end
end

vim.fn.writefile({ vim.fn.json_encode(out) }, os.getenv("MEGAHEX_NVIM_OUT"))
vim.cmd("qa!")
