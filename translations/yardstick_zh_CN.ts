<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>EtaText</name>
    <message numerus="yes">
        <source>about %n s left</source>
        <translation>
            <numerusform>大约还剩 %n 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>about %1 min %2 s left</source>
        <translation>大约还剩 %1 分 %2 秒</translation>
    </message>
    <message>
        <source>about %1 h %2 min left</source>
        <translation>大约还剩 %1 小时 %2 分</translation>
    </message>
</context>
<context>
    <name>SimMain</name>
    <message>
        <source>Address and port to listen on; port 0 picks a free one.</source>
        <translation>要监听的地址和端口；端口为 0 时自动选择空闲端口。</translation>
    </message>
    <message>
        <source>host:port</source>
        <translation>主机:端口</translation>
    </message>
    <message>
        <source>Simulator profile file (format yardstick-sim-profiles/1); the demo profiles if not given.</source>
        <translation>模拟器配置文件（格式为 yardstick-sim-profiles/1）；未指定时使用演示配置。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>unexpected argument: %1</source>
        <translation>意外的参数：%1</translation>
    </message>
    <message>
        <source>--listen expects HOST:PORT (for example 127.0.0.1:8080), got &quot;%1&quot;</source>
        <translation>--listen 需要 HOST:PORT 格式（例如 127.0.0.1:8080），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>cannot set up signal handling</source>
        <translation>无法设置信号处理</translation>
    </message>
    <message>
        <source>Serves simulated LLM providers (OpenAI Chat Completions and Responses, Anthropic Messages, Gemini) over HTTP or HTTPS.</source>
        <translation>通过 HTTP 或 HTTPS 提供模拟的 LLM 服务商（OpenAI Chat Completions 和 Responses、Anthropic Messages、Gemini）。</translation>
    </message>
    <message>
        <source>Serve HTTPS with a self-signed certificate made at start (needs the openssl command).</source>
        <translation>通过 HTTPS 提供服务，使用启动时生成的自签名证书（需要 openssl 命令）。</translation>
    </message>
    <message>
        <source>With --tls, write the certificate (PEM) here so clients can trust it.</source>
        <translation>与 --tls 配合使用：将证书（PEM）写入此处，以便客户端信任该证书。</translation>
    </message>
    <message>
        <source>Append the ground truth of every finished request to this file, one JSON object per line.</source>
        <translation>将每个已完成请求的真实数据追加到此文件，每行一个 JSON 对象。</translation>
    </message>
    <message>
        <source>--cert-out needs --tls</source>
        <translation>--cert-out 需要 --tls</translation>
    </message>
    <message>
        <source>cannot write the certificate to %1: %2</source>
        <translation>无法将证书写入 %1：%2</translation>
    </message>
    <message>
        <source>Write the simulator&apos;s own log (start-up, errors; not the ground truth, see --log) to this file. Without it nothing is logged to a file.</source>
        <translation>将模拟器自身的日志（启动、错误；不含真实数据，见 --log）写入此文件。不指定则不写日志文件。</translation>
    </message>
    <message>
        <source>With --tls, serve this certificate (PEM; the server&apos;s, then any intermediates) instead of a self-signed one; needs --key.</source>
        <translation>与 --tls 一起使用：提供此证书（PEM；先是服务器证书，再是中间证书），而不是启动时生成的自签名证书；需要 --key。</translation>
    </message>
    <message>
        <source>The unencrypted private key (PEM) of --cert.</source>
        <translation>--cert 的未加密私钥（PEM）。</translation>
    </message>
    <message>
        <source>With --cert, require every client to present a certificate signed by a CA in this PEM file (mutual TLS).</source>
        <translation>与 --cert 一起使用：要求每个客户端出示由此 PEM 文件中某个 CA 签发的证书（双向 TLS）。</translation>
    </message>
    <message>
        <source>--cert and --key go together, with --tls</source>
        <translation>--cert 与 --key 须同时给出，并配合 --tls</translation>
    </message>
    <message>
        <source>--client-ca needs --cert and --key</source>
        <translation>--client-ca 需要 --cert 和 --key</translation>
    </message>
    <message>
        <source>Speak HTTP/2 too: offered by ALPN with --tls, and to clients that open with the HTTP/2 preface over plain HTTP.</source>
        <translation>同时支持 HTTP/2：配合 --tls 时通过 ALPN 提供；在明文 HTTP 上，对以 HTTP/2 前导帧开头的客户端也以 HTTP/2 应答。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Runs benchmark suites against LLM APIs and reports the results.</source>
        <translation>针对 LLM API 运行基准测试套件并报告结果。</translation>
    </message>
    <message>
        <source>Suite: demo or a file.</source>
        <translation>套件：demo 或文件。</translation>
    </message>
    <message>
        <source>Run only this provider (repeatable).</source>
        <translation>仅运行此服务商（可重复指定）。</translation>
    </message>
    <message>
        <source>Session id to show.</source>
        <translation>要显示的会话 ID。</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>输出 JSON。</translation>
    </message>
    <message>
        <source>With --suite demo: use the yardstick-sim at this base URL instead of the built-in one.</source>
        <translation>与 --suite demo 配合使用：使用位于此基础 URL 的 yardstick-sim，而非内置模拟器。</translation>
    </message>
    <message>
        <source>--db FILE is required.</source>
        <translation>必须指定 --db FILE。</translation>
    </message>
    <message>
        <source>run needs --suite demo or --suite FILE.</source>
        <translation>run 需要 --suite demo 或 --suite FILE。</translation>
    </message>
    <message>
        <source>--sim: &quot;%1&quot; is not a URL</source>
        <translation>--sim：&quot;%1&quot; 不是 URL</translation>
    </message>
    <message>
        <source>--session: &quot;%1&quot; is not a session id</source>
        <translation>--session：&quot;%1&quot; 不是会话 ID</translation>
    </message>
    <message>
        <source>Workbench for choosing an LLM API.</source>
        <translation>用于选择 LLM API 的工作台。</translation>
    </message>
    <message>
        <source>Run the demo suite as soon as the window opens.</source>
        <translation>窗口打开后立即运行演示套件。</translation>
    </message>
    <message>
        <source>Yardstick</source>
        <translation>Yardstick</translation>
    </message>
    <message>
        <source>tokens: cl100k_base or o200k_base.</source>
        <translation>tokens：cl100k_base 或 o200k_base。</translation>
    </message>
    <message>
        <source>tokens: print the token ids as a JSON array.</source>
        <translation>tokens：以 JSON 数组输出 token ID。</translation>
    </message>
    <message>
        <source>tokens: read &lt;|endoftext|&gt; and the like as special tokens, not as text.</source>
        <translation>tokens：将 &lt;|endoftext|&gt; 等读作特殊 token，而非文本。</translation>
    </message>
    <message>
        <source>Usage: tokens --encoding cl100k_base|o200k_base [--ids] FILE|-</source>
        <translation>用法：tokens --encoding cl100k_base|o200k_base [--ids] FILE|-</translation>
    </message>
    <message>
        <source>Write the log here instead of the default place (also set by YS_LOG_FILE).</source>
        <translation>将日志写到此处而非默认位置（也可通过 YS_LOG_FILE 设置）。</translation>
    </message>
    <message>
        <source>gate, run: check these requirements (a JSON file) instead of the suite&apos;s.</source>
        <translation>gate、run：检查这些要求（一个 JSON 文件），而非套件中的要求。</translation>
    </message>
    <message>
        <source>run: afterwards, exit as gate does (3: a provider does not qualify).</source>
        <translation>run：运行结束后按 gate 的方式退出（3：有服务商不达标）。</translation>
    </message>
    <message>
        <source>run: price models with this price catalog file (genai-prices JSON) instead of the bundled one (also set by YS_PRICE_CATALOG).</source>
        <translation>run：使用此价格目录文件（genai-prices JSON）为模型定价，而非内置目录（也可通过 YS_PRICE_CATALOG 设置）。</translation>
    </message>
    <message>
        <source>show: score the providers with these weights, e.g. throughput=0.4,latency=0.35,cost=0.25.</source>
        <translation>show：用这些权重为服务商评分，例如 throughput=0.4,latency=0.35,cost=0.25。</translation>
    </message>
    <message>
        <source>--weights: &quot;%1&quot; is not NAME=WEIGHT, e.g. latency=0.5</source>
        <translation>--weights：&quot;%1&quot; 不是 NAME=WEIGHT 形式，例如 latency=0.5</translation>
    </message>
    <message>
        <source>--weights: %1</source>
        <translation>--weights：%1</translation>
    </message>
    <message>
        <source>export: csv, xlsx or json (default: from --out); report: html (one file, charts inline) or pdf.</source>
        <translation>export：csv、xlsx 或 json（默认由 --out 的扩展名决定）；report：html（单个文件，图表内嵌）或 pdf。</translation>
    </message>
    <message>
        <source>export, report: the file to write.</source>
        <translation>export、report：要写入的文件。</translation>
    </message>
    <message>
        <source>export: only comparison or attempts.</source>
        <translation>export：只导出 comparison（对比表）或 attempts（尝试）。</translation>
    </message>
    <message>
        <source>run, list, show, gate, bill, tco, export or report</source>
        <translation>run、list、show、gate、bill、tco、export 或 report</translation>
    </message>
    <message>
        <source>Unknown command &quot;%1&quot;; use run, list, show, gate, bill, tco, export or report.</source>
        <translation>未知命令“%1”；请使用 run、list、show、gate、bill、tco、export 或 report。</translation>
    </message>
    <message>
        <source>SQLite file or postgresql:// URL.</source>
        <translation>SQLite 文件或 postgresql:// 地址。</translation>
    </message>
    <message>
        <source>run, worker: serve live metrics for Prometheus at http://HOST:PORT/metrics while it runs.</source>
        <translation>run、worker：运行期间在 http://HOST:PORT/metrics 为 Prometheus 提供实时指标。</translation>
    </message>
    <message>
        <source>run: --baseline needs --gate</source>
        <translation>run：--baseline 需要 --gate</translation>
    </message>
    <message>
        <source>Give one command: run, list, show, gate, recommend, route, bill, tco, chunking, export, report, bundle, queue, worker, schedule or history.</source>
        <translation>请指定一个命令：run、list、show、gate、recommend、route、bill、tco、chunking、export、report、bundle、queue、worker、schedule 或 history。</translation>
    </message>
</context>
<context>
    <name>ys</name>
    <message>
        <source>expected a label name</source>
        <translation>此处应为标签名</translation>
    </message>
    <message>
        <source>expected = after label %1</source>
        <translation>标签 %1 之后应为 =</translation>
    </message>
    <message>
        <source>expected a quoted value for label %1</source>
        <translation>标签 %1 应有带引号的值</translation>
    </message>
    <message>
        <source>unknown escape \%1 in label %2</source>
        <translation>标签 %2 中有未知的转义 \%1</translation>
    </message>
    <message>
        <source>unterminated value of label %1</source>
        <translation>标签 %1 的值没有结束引号</translation>
    </message>
    <message>
        <source>expected , or } after label %1</source>
        <translation>标签 %1 之后应为 , 或 }</translation>
    </message>
    <message>
        <source>expected a metric name</source>
        <translation>此处应为指标名</translation>
    </message>
    <message>
        <source>%1 has no value</source>
        <translation>%1 没有值</translation>
    </message>
    <message>
        <source>%1: unexpected text after the value</source>
        <translation>%1：值之后有多余的文本</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number</source>
        <translation>%1：“%2”不是数字</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a timestamp</source>
        <translation>%1：“%2”不是时间戳</translation>
    </message>
</context>
<context>
    <name>ys::AnswerContract</name>
    <message>
        <source>%1: expected an object with prompt and expected</source>
        <translation>%1：应为包含 prompt 与 expected 的对象</translation>
    </message>
    <message>
        <source>%1.expected: expected a string or a number</source>
        <translation>%1.expected：应为字符串或数字</translation>
    </message>
    <message>
        <source>%1.match: &quot;%2&quot; is not exact, contains or numeric</source>
        <translation>%1.match：“%2”不是 exact、contains 或 numeric</translation>
    </message>
    <message>
        <source>%1.expected: a numeric match expects a number</source>
        <translation>%1.expected：数值匹配需要一个数字</translation>
    </message>
    <message>
        <source>%1: cannot read %2: %3</source>
        <translation>%1：无法读取 %2：%3</translation>
    </message>
    <message>
        <source>%1: expected an object of checks</source>
        <translation>%1：应为由检查项组成的对象</translation>
    </message>
    <message>
        <source>%1.json: expected true or false</source>
        <translation>%1.json：应为 true 或 false</translation>
    </message>
    <message>
        <source>%1.regex: %2 at character %3</source>
        <translation>%1.regex：第 %3 个字符处%2</translation>
    </message>
    <message>
        <source>%1: expected a JSONL file or an array of answers</source>
        <translation>%1：应为 JSONL 文件或答案数组</translation>
    </message>
    <message>
        <source>%1: holds no answer</source>
        <translation>%1：不含任何答案</translation>
    </message>
    <message>
        <source>%1: asks for no check</source>
        <translation>%1：没有要求任何检查</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1: not a JSON object</source>
        <translation>%1：不是 JSON 对象</translation>
    </message>
</context>
<context>
    <name>ys::ArrivalSchedule</name>
    <message>
        <source>the request rate must be a positive number</source>
        <translation>请求速率必须为正数</translation>
    </message>
    <message>
        <source>the ramp time must be zero or more seconds</source>
        <translation>爬坡时间必须为零秒或以上</translation>
    </message>
    <message>
        <source>an open-loop run needs a request count or a duration</source>
        <translation>开环运行需要指定请求数或持续时间</translation>
    </message>
    <message>
        <source>the request count must be between 1 and %1</source>
        <translation>请求数必须介于 1 到 %1 之间</translation>
    </message>
    <message>
        <source>the duration must be more than zero seconds</source>
        <translation>持续时间必须大于零秒</translation>
    </message>
</context>
<context>
    <name>ys::AttemptDetailModel</name>
    <message>
        <source>Section</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>ys::AttemptDetailText</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>开始连接</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>TLS done</source>
        <translation>TLS 完成</translation>
    </message>
    <message>
        <source>Request sent</source>
        <translation>请求已发送</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>响应头</translation>
    </message>
    <message>
        <source>First event</source>
        <translation>首个事件</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>首个 token</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <source>Prompt, reported</source>
        <translation>提示词（报告值）</translation>
    </message>
    <message>
        <source>Prompt, counted</source>
        <translation>提示词（计数值）</translation>
    </message>
    <message>
        <source>Prompt, reported / counted</source>
        <translation>提示词（报告值 / 计数值）</translation>
    </message>
    <message>
        <source>Answer, reported (less reasoning)</source>
        <translation>回答（报告值，不含推理）</translation>
    </message>
    <message>
        <source>Answer, counted</source>
        <translation>回答（计数值）</translation>
    </message>
    <message>
        <source>Answer, reported / counted</source>
        <translation>回答（报告值 / 计数值）</translation>
    </message>
    <message>
        <source>Counted with</source>
        <translation>计数方式</translation>
    </message>
    <message>
        <source>%1 (an estimate)</source>
        <translation>%1（估算）</translation>
    </message>
    <message>
        <source>not reconciled (only successful attempts of the provider&apos;s own, not warm-ups, are)</source>
        <translation>未核对（仅核对服务商自身的成功尝试，不含预热）</translation>
    </message>
    <message>
        <source>not reconciled: the provider reported no usage</source>
        <translation>未核对：服务商未报告用量</translation>
    </message>
    <message>
        <source>differs beyond %1%</source>
        <translation>差异超过 %1%</translation>
    </message>
    <message>
        <source>estimate only (never flagged)</source>
        <translation>仅为估算（从不标记）</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>Reconciliation</source>
        <translation>核对</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Number in the run</source>
        <translation>在运行中的序号</translation>
    </message>
    <message>
        <source>Request / retry</source>
        <translation>请求 / 重试</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>HTTP status</source>
        <translation>HTTP 状态</translation>
    </message>
    <message>
        <source>HTTP version</source>
        <translation>HTTP 版本</translation>
    </message>
    <message>
        <source>Connection reused</source>
        <translation>复用连接</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Finish reason</source>
        <translation>结束原因</translation>
    </message>
    <message>
        <source>Model reported</source>
        <translation>报告的模型</translation>
    </message>
    <message>
        <source>Served by</source>
        <translation>服务方</translation>
    </message>
    <message>
        <source>Cost ($)</source>
        <translation>成本 ($)</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Content events</source>
        <translation>内容事件</translation>
    </message>
    <message>
        <source>Deliveries</source>
        <translation>交付次数</translation>
    </message>
    <message>
        <source>Coalesced reads (several events at one time)</source>
        <translation>合并读取（一次读到多个事件）</translation>
    </message>
    <message>
        <source>Median gap</source>
        <translation>间隔中位数</translation>
    </message>
    <message>
        <source>Stalls (gaps over %1)</source>
        <translation>停顿（间隔超过 %1）</translation>
    </message>
    <message>
        <source>Stalls</source>
        <translation>停顿</translation>
    </message>
    <message>
        <source>Response headers</source>
        <translation>响应头</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>诊断信息</translation>
    </message>
    <message>
        <source>Proxy tunnel open</source>
        <translation>代理隧道已建立</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>约定</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed at %1: %2</source>
        <translation>在 %1 处未通过：%2</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>未通过：%1</translation>
    </message>
    <message>
        <source>Golden prompt</source>
        <translation>标准答案提示</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>First answer token</source>
        <translation>首个回答 token</translation>
    </message>
    <message>
        <source>Tool arguments complete</source>
        <translation>工具参数完整</translation>
    </message>
</context>
<context>
    <name>ys::AttemptDetailView</name>
    <message>
        <source>Attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Diagnostics:
</source>
        <translation>诊断信息：
</translation>
    </message>
    <message>
        <source>No error.</source>
        <translation>无错误。</translation>
    </message>
</context>
<context>
    <name>ys::AttemptQuery</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Attempt %1 is not in the database</source>
        <translation>数据库中没有尝试 %1</translation>
    </message>
</context>
<context>
    <name>ys::AttemptsExport</name>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>HTTP status</source>
        <translation>HTTP 状态</translation>
    </message>
    <message>
        <source>HTTP version</source>
        <translation>HTTP 版本</translation>
    </message>
    <message>
        <source>Connection reused</source>
        <translation>复用连接</translation>
    </message>
    <message>
        <source>Start from run start</source>
        <translation>距运行开始的开始时间</translation>
    </message>
    <message>
        <source>Intended start</source>
        <translation>计划开始</translation>
    </message>
    <message>
        <source>Queue delay</source>
        <translation>排队延迟</translation>
    </message>
    <message>
        <source>Connect start</source>
        <translation>开始连接</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>TLS done</source>
        <translation>TLS 完成</translation>
    </message>
    <message>
        <source>Request sent</source>
        <translation>请求已发送</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>响应头</translation>
    </message>
    <message>
        <source>First event</source>
        <translation>首个事件</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>First content</source>
        <translation>首个内容</translation>
    </message>
    <message>
        <source>E2E</source>
        <translation>E2E</translation>
    </message>
    <message>
        <source>Retry delay</source>
        <translation>重试等待</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件数</translation>
    </message>
    <message>
        <source>Reads</source>
        <translation>读取次数</translation>
    </message>
    <message>
        <source>Coalesced reads</source>
        <translation>合并读取</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Cached</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Cache write</source>
        <translation>缓存写入</translation>
    </message>
    <message>
        <source>Tokens estimated</source>
        <translation> token 数为估算</translation>
    </message>
    <message>
        <source>Prompt counted locally</source>
        <translation>提示词本地计数</translation>
    </message>
    <message>
        <source>Output counted locally</source>
        <translation>输出本地计数</translation>
    </message>
    <message>
        <source>Output characters</source>
        <translation>输出字符数</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Cost reported</source>
        <translation>服务商报告的费用</translation>
    </message>
    <message>
        <source>Finish reason</source>
        <translation>结束原因</translation>
    </message>
    <message>
        <source>Model reported</source>
        <translation>服务商报告的模型</translation>
    </message>
    <message>
        <source>Served by</source>
        <translation>实际服务方</translation>
    </message>
    <message>
        <source>Request id</source>
        <translation>请求 ID</translation>
    </message>
    <message>
        <source>Needle found</source>
        <translation>找到“针”</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Run kind</source>
        <translation>运行类型</translation>
    </message>
    <message>
        <source>no database connection</source>
        <translation>没有数据库连接</translation>
    </message>
    <message>
        <source>Proxy tunnel open</source>
        <translation>代理隧道已建立</translation>
    </message>
    <message>
        <source>Tool arguments complete</source>
        <translation>工具调用参数完成</translation>
    </message>
</context>
<context>
    <name>ys::AttemptsModel</name>
    <message>
        <source>%1 (warm-up)</source>
        <translation>%1（预热）</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>HTTP status</source>
        <translation>HTTP 状态</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT (ms)</translation>
    </message>
    <message>
        <source>E2E (ms)</source>
        <translation>E2E (ms)</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>输出 tokens</translation>
    </message>
    <message>
        <source>Cost ($)</source>
        <translation>成本 ($)</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>约定</translation>
    </message>
</context>
<context>
    <name>ys::AttemptsPage</name>
    <message>
        <source>&amp;Run:</source>
        <translation>运行(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Outcome:</source>
        <translation>结果(&amp;O)：</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source> · %1</source>
        <translation> · %1</translation>
    </message>
    <message>
        <source> (run %1)</source>
        <translation>（运行 %1）</translation>
    </message>
    <message>
        <source>All outcomes (%1)</source>
        <translation>所有结果（%1）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 of %2 attempts loaded</source>
        <translation>已加载 %1 / %2 次尝试</translation>
    </message>
    <message>
        <source>%1 · run %2 · attempt %3</source>
        <translation>%1 · 运行 %2 · 尝试 %3</translation>
    </message>
    <message>
        <source>%1: no database is open</source>
        <translation>%1：没有打开的数据库</translation>
    </message>
    <message>
        <source>%1: cannot be written (%2)</source>
        <translation>%1：无法写入（%2）</translation>
    </message>
    <message>
        <source>%1: cannot be written</source>
        <translation>%1：无法写入</translation>
    </message>
    <message>
        <source>The runs of the session cannot be read: %1</source>
        <translation>无法读取该会话的运行：%1</translation>
    </message>
    <message>
        <source>Reading the session&apos;s runs…</source>
        <translation>正在读取该会话的运行…</translation>
    </message>
    <message>
        <source>The outcomes of run %1 cannot be read: %2</source>
        <translation>无法读取运行 %1 的结果：%2</translation>
    </message>
    <message>
        <source>Reading run %1…</source>
        <translation>正在读取运行 %1…</translation>
    </message>
    <message>
        <source>The attempts cannot be read: %1</source>
        <translation>无法读取尝试：%1</translation>
    </message>
    <message>
        <source>Reading attempts…</source>
        <translation>正在读取尝试…</translation>
    </message>
    <message>
        <source>%1 of %2 attempts loaded, reading more…</source>
        <translation>已载入 %1 / %2 次尝试，正在读取更多…</translation>
    </message>
    <message>
        <source>The attempt cannot be read: %1</source>
        <translation>无法读取该尝试：%1</translation>
    </message>
    <message>
        <source>Answers that failed their contract (%1)</source>
        <translation>未通过约定的回答（%1）</translation>
    </message>
</context>
<context>
    <name>ys::AttemptsPresenter</name>
    <message>
        <source>No database is open</source>
        <translation>未打开数据库</translation>
    </message>
</context>
<context>
    <name>ys::BillChart</name>
    <message>
        <source>Price per 1K tokens by day</source>
        <translation>每日每 1K token 价格</translation>
    </message>
    <message>
        <source>Day (UTC)</source>
        <translation>日期（UTC）</translation>
    </message>
    <message>
        <source>$ per 1K tokens</source>
        <translation>每 1K token 美元</translation>
    </message>
    <message>
        <source>Flagged day</source>
        <translation>标记日</translation>
    </message>
    <message>
        <source>%1 billed</source>
        <translation>%1 账单</translation>
    </message>
    <message>
        <source>%1 recorded</source>
        <translation>%1 记录</translation>
    </message>
    <message>
        <source>No day flagged</source>
        <translation>无标记日</translation>
    </message>
</context>
<context>
    <name>ys::BillCsv</name>
    <message>
        <source>--column &quot;%1&quot;: write FIELD=HEADER, e.g. cost_usd=Amount (USD)</source>
        <translation>--column &quot;%1&quot;：请写成 FIELD=HEADER，例如 cost_usd=Amount (USD)</translation>
    </message>
    <message>
        <source>--column &quot;%1&quot;: unknown field &quot;%2&quot;; the fields are date, model, input_tokens, cached_tokens, output_tokens and cost_usd</source>
        <translation>--column &quot;%1&quot;：未知字段 &quot;%2&quot;；可用字段为 date、model、input_tokens、cached_tokens、output_tokens 和 cost_usd</translation>
    </message>
    <message>
        <source>%1: the file is empty (it needs a header line)</source>
        <translation>%1：文件为空（需要一行表头）</translation>
    </message>
    <message>
        <source>%1:%2: no column &quot;%3&quot; for %4 (map another header with --column %4=HEADER)</source>
        <translation>%1:%2：没有用于 %4 的列 &quot;%3&quot;（可用 --column %4=HEADER 映射其他表头）</translation>
    </message>
    <message>
        <source>%1:%2: %3 fields where the header has %4</source>
        <translation>%1:%2：有 %3 个字段，而表头有 %4 个</translation>
    </message>
    <message>
        <source>%1:%2: column &quot;%3&quot;: %4</source>
        <translation>%1:%2：列 &quot;%3&quot;：%4</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a date (write 2026-03-01)</source>
        <translation>&quot;%1&quot; 不是日期（请写成 2026-03-01）</translation>
    </message>
    <message>
        <source>no model named</source>
        <translation>未给出模型名</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a whole number of tokens</source>
        <translation>&quot;%1&quot; 不是整数个 token</translation>
    </message>
    <message>
        <source>%1 cached tokens is more than the %2 input tokens they are part of</source>
        <translation>%1 个缓存 token 多于其所属的 %2 个输入 token</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an amount</source>
        <translation>&quot;%1&quot; 不是金额</translation>
    </message>
    <message>
        <source>the file is empty (it needs a header line)</source>
        <translation>文件为空（需要标题行）</translation>
    </message>
</context>
<context>
    <name>ys::BillDaysModel</name>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Billed</source>
        <translation>账单金额</translation>
    </message>
    <message>
        <source>Recorded</source>
        <translation>记录金额</translation>
    </message>
    <message>
        <source>What the sessions recorded for the model that day (UTC), every attempt counted</source>
        <translation>会话当天（UTC）为该模型记录的值，计入每次尝试</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差额</translation>
    </message>
    <message>
        <source>Billed − recorded</source>
        <translation>账单 − 记录</translation>
    </message>
    <message>
        <source>Billed $/1K</source>
        <translation>账单 $/1K</translation>
    </message>
    <message>
        <source>Other days&apos; mean $/1K</source>
        <translation>其他日期平均 $/1K</translation>
    </message>
    <message>
        <source>The mean of the model&apos;s other billed days, which the day is tested against</source>
        <translation>该模型其他账单日的均值，用于检验当天</translation>
    </message>
    <message>
        <source>Other days&apos; σ</source>
        <translation>其他日期 σ</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>not billed</source>
        <translation>未计费</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
</context>
<context>
    <name>ys::BillImport</name>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1：无法读取（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>No bill is loaded: choose a CSV file first</source>
        <translation>未载入账单：请先选择 CSV 文件</translation>
    </message>
    <message>
        <source>%1 has no column for %2: choose the column that holds it</source>
        <translation>%1 中没有 %2 对应的列：请选择包含它的列</translation>
    </message>
    <message>
        <source>No database is open</source>
        <translation>未打开数据库</translation>
    </message>
</context>
<context>
    <name>ys::BillModelsModel</name>
    <message>
        <source>Billed %1 for %2 tokens, %3 per 1K; recorded %4 for %5 tokens, %6 per 1K</source>
        <translation>账单 %1，共 %2 个 token，每 1K %3；记录 %4，共 %5 个 token，每 1K %6</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Billed $/1K</source>
        <translation>账单 $/1K</translation>
    </message>
    <message>
        <source>The bill&apos;s cost over its input and output tokens, per 1,000</source>
        <translation>账单费用除以输入与输出 token，按每 1,000 个计</translation>
    </message>
    <message>
        <source>Recorded $/1K</source>
        <translation>记录 $/1K</translation>
    </message>
    <message>
        <source>What the sessions measured for the days the bill names</source>
        <translation>会话在账单所列日期内测得的值</translation>
    </message>
    <message>
        <source>Billed</source>
        <translation>账单金额</translation>
    </message>
    <message>
        <source>Flagged days</source>
        <translation>标记天数</translation>
    </message>
    <message>
        <source>too few days</source>
        <translation>天数过少</translation>
    </message>
    <message>
        <source>Days whose $/1K lies more than 2σ (and 1%) from the model&apos;s other days; a model needs three billed days to be tested</source>
        <translation>$/1K 偏离该模型其他日期超过 2σ（且超过 1%）的日期；模型至少需要三个账单日才能检验</translation>
    </message>
</context>
<context>
    <name>ys::BillPage</name>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Input tokens</source>
        <translation>输入 token</translation>
    </message>
    <message>
        <source>Cached tokens</source>
        <translation>缓存 token</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>输出 token</translation>
    </message>
    <message>
        <source>Cost (USD)</source>
        <translation>费用（美元）</translation>
    </message>
    <message>
        <source>Columns of the bill</source>
        <translation>账单列</translation>
    </message>
    <message>
        <source>Import bill…</source>
        <translation>导入账单…</translation>
    </message>
    <message>
        <source>Every session</source>
        <translation>所有会话</translation>
    </message>
    <message>
        <source>The selected session</source>
        <translation>所选会话</translation>
    </message>
    <message>
        <source>Which recorded sessions the bill is set against</source>
        <translation>账单与哪些已记录的会话对照</translation>
    </message>
    <message>
        <source>Against</source>
        <translation>对照</translation>
    </message>
    <message>
        <source>No bill yet. Import a provider&apos;s usage or invoice CSV (File → Import bill…) to see what it charged per 1K tokens each day against what the sessions recorded, with the days that stand out flagged.</source>
        <translation>尚无账单。导入服务商的用量或发票 CSV（文件 → 导入账单…），即可逐日查看每 1K token 的收费与会话记录的对比，异常日期会被标记。</translation>
    </message>
    <message>
        <source>Import &amp;bill…</source>
        <translation>导入账单(&amp;B)…</translation>
    </message>
    <message>
        <source>Set a provider&apos;s usage or invoice CSV against what the sessions recorded, day by day</source>
        <translation>将服务商的用量或发票 CSV 与会话记录逐日对照</translation>
    </message>
    <message>
        <source>Import bill</source>
        <translation>导入账单</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>(none: 0)</source>
        <translation>（无：按 0）</translation>
    </message>
    <message>
        <source>(choose a column)</source>
        <translation>（选择一列）</translation>
    </message>
    <message>
        <source>No session is selected: pick one in the Sessions list, or set the bill against every session</source>
        <translation>未选择会话：请在会话列表中选择一个，或将账单与所有会话对照</translation>
    </message>
    <message>
        <source>Reading the recorded usage…</source>
        <translation>正在读取记录的用量…</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>every session</source>
        <translation>所有会话</translation>
    </message>
    <message numerus="yes">
        <source>%n bill line(s) set against %1; %2 day(s) flagged.</source>
        <translation>
            <numerusform>%n 行账单已与%1对照；标记 %2 天。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::BoundFields</name>
    <message>
        <source>%1: must not be empty</source>
        <translation>%1：不能为空</translation>
    </message>
    <message>
        <source>%1: expected a whole number from %2 to %3</source>
        <translation>%1：应为 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>%1: expected a whole number from %2 to %3, or nothing</source>
        <translation>%1：应为 %2 到 %3 之间的整数，或留空</translation>
    </message>
    <message>
        <source>above %1 and at most %2</source>
        <translation>大于 %1 且不超过 %2</translation>
    </message>
    <message>
        <source>from %1 to %2</source>
        <translation>介于 %1 到 %2 之间</translation>
    </message>
    <message>
        <source>%1: expected a number %2, or nothing</source>
        <translation>%1：应为%2的数字，或留空</translation>
    </message>
    <message>
        <source>%1: expected a number %2</source>
        <translation>%1：应为%2的数字</translation>
    </message>
    <message>
        <source>%1: expected whole numbers from %2 to %3, separated by commas, each above the one before</source>
        <translation>%1：应为 %2 到 %3 之间的整数，以逗号分隔，且每个都大于前一个</translation>
    </message>
    <message>
        <source>%1: expected at least one number</source>
        <translation>%1：至少需要一个数字</translation>
    </message>
    <message>
        <source>%1: expected some of %2, each once</source>
        <translation>%1：应为 %2 中的若干项，每项最多一次</translation>
    </message>
    <message>
        <source>%1: expected at least one of %2</source>
        <translation>%1：应至少包含 %2 中的一项</translation>
    </message>
</context>
<context>
    <name>ys::BundleActions</name>
    <message>
        <source>Export session &amp;bundle…</source>
        <translation>导出会话包(&amp;B)…</translation>
    </message>
    <message>
        <source>Save the selected session, with all its attempts, as one file that another database can import</source>
        <translation>将所选会话及其全部尝试保存为一个文件，可导入到另一个数据库</translation>
    </message>
    <message>
        <source>&amp;Import session bundle…</source>
        <translation>导入会话包(&amp;I)…</translation>
    </message>
    <message>
        <source>Add a session from a bundle file to this database</source>
        <translation>从会话包文件向此数据库添加一个会话</translation>
    </message>
    <message>
        <source>Session bundles (*.ysbundle);;All files (*)</source>
        <translation>会话包 (*.ysbundle);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export session bundle</source>
        <translation>导出会话包</translation>
    </message>
    <message>
        <source>Import session bundle</source>
        <translation>导入会话包</translation>
    </message>
    <message>
        <source>Session %1 saved to %2</source>
        <translation>会话 %1 已保存到 %2</translation>
    </message>
    <message>
        <source>Imported %1 as session %2</source>
        <translation>已将 %1 导入为会话 %2</translation>
    </message>
    <message>
        <source>Saving session %1 to %2…</source>
        <translation>正在将会话 %1 保存到 %2…</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
</context>
<context>
    <name>ys::BundleIo</name>
    <message>
        <source>Select a session to export.</source>
        <translation>请选择要导出的会话。</translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation>未打开数据库。</translation>
    </message>
    <message>
        <source>%1: cannot be written</source>
        <translation>%1：无法写入</translation>
    </message>
</context>
<context>
    <name>ys::CalibrationText</name>
    <message>
        <source>unknown transport</source>
        <translation>未知传输</translation>
    </message>
    <message>
        <source>Client delivery overhead (%1): median %2 ms, p99 %3 ms over %4 events</source>
        <translation>客户端投递开销（%1）：中位数 %2 ms，p99 %3 ms（共 %4 个事件）</translation>
    </message>
</context>
<context>
    <name>ys::CatalogModel</name>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Input $/1M</source>
        <translation>输入 $/1M</translation>
    </message>
    <message>
        <source>Cached $/1M</source>
        <translation>缓存输入 $/1M</translation>
    </message>
    <message>
        <source>Output $/1M</source>
        <translation>输出 $/1M</translation>
    </message>
    <message>
        <source>Context (tokens)</source>
        <translation>上下文 (tokens)</translation>
    </message>
    <message>
        <source>Catalog date</source>
        <translation>目录日期</translation>
    </message>
</context>
<context>
    <name>ys::ChartExport</name>
    <message>
        <source>Size: width and height must be between 1 and %1 pixels (asked %2 × %3).</source>
        <translation>尺寸：宽和高必须在 1 到 %1 像素之间（请求的是 %2 × %3）。</translation>
    </message>
    <message>
        <source>Size: width and height must be at least 1 (asked %1 × %2).</source>
        <translation>尺寸：宽和高至少为 1（请求的是 %1 × %2）。</translation>
    </message>
    <message>
        <source>DPI: must be between %1 and %2 (asked %3).</source>
        <translation>DPI：必须在 %1 到 %2 之间（请求的是 %3）。</translation>
    </message>
    <message>
        <source>The chart could not be drawn as %1.</source>
        <translation>无法将图表绘制为 %1。</translation>
    </message>
    <message>
        <source>%1: unknown file type &quot;%2&quot; (use .png, .svg or .pdf).</source>
        <translation>%1：未知的文件类型“%2”（请使用 .png、.svg 或 .pdf）。</translation>
    </message>
    <message>
        <source>%1: the extension does not match the format %2.</source>
        <translation>%1：扩展名与格式 %2 不符。</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>%1 无法写入：%2</translation>
    </message>
</context>
<context>
    <name>ys::ChartExportDialog</name>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG drawing</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>当前主题</translation>
    </message>
    <message>
        <source>Print (white background, dark ink)</source>
        <translation>打印（白色背景，深色线条文字）</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;DPI:</source>
        <translation>&amp;DPI：</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation>文件(&amp;I)：</translation>
    </message>
    <message>
        <source>chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像(*.png);;SVG 矢量图(*.svg);;PDF 文档(*.pdf)</translation>
    </message>
    <message>
        <source>File: choose where to save the chart.</source>
        <translation>文件：请选择图表的保存位置。</translation>
    </message>
    <message>
        <source>File: unknown extension &quot;%1&quot; (use .png, .svg or .pdf).</source>
        <translation>文件：未知的扩展名“%1”（请使用 .png、.svg 或 .pdf）。</translation>
    </message>
    <message>
        <source>File: the extension .%1 does not match the format %2.</source>
        <translation>文件：扩展名 .%1 与格式 %2 不符。</translation>
    </message>
</context>
<context>
    <name>ys::ChartExporter</name>
    <message>
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Copy chart</source>
        <translation>复制图表</translation>
    </message>
    <message>
        <source>&amp;Copy chart</source>
        <translation>复制图表(&amp;C)</translation>
    </message>
    <message>
        <source>Chart saved to %1</source>
        <translation>图表已保存到 %1</translation>
    </message>
    <message>
        <source>Chart copied: %1</source>
        <translation>图表已复制：%1</translation>
    </message>
    <message>
        <source>This page shows no chart to export.</source>
        <translation>此页面没有可导出的图表。</translation>
    </message>
    <message>
        <source>This page shows no chart to copy.</source>
        <translation>此页面没有可复制的图表。</translation>
    </message>
</context>
<context>
    <name>ys::ChartFootnote</name>
    <message>
        <source>Session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>No session</source>
        <translation>无会话</translation>
    </message>
    <message>
        <source>Percentiles: %1</source>
        <translation>百分位数：%1</translation>
    </message>
    <message>
        <source>Yardstick %1</source>
        <translation>Yardstick %1</translation>
    </message>
    <message>
        <source>linear interpolation between closest ranks (type 7)</source>
        <translation>相邻秩次间线性插值（第 7 类）</translation>
    </message>
</context>
<context>
    <name>ys::Chunking</name>
    <message>
        <source>the document must have at least 1 token</source>
        <translation>文档至少要有 1 个 token</translation>
    </message>
    <message>
        <source>a chunk must have at least 1 token</source>
        <translation>每个分块至少要有 1 个 token</translation>
    </message>
    <message>
        <source>the overlap must be at least 0 and below the chunk size (%1 tokens)</source>
        <translation>重叠部分必须不小于 0 且小于分块大小（%1 个 token）</translation>
    </message>
    <message>
        <source>the instruction and the summary cannot have fewer than 0 tokens</source>
        <translation>指令和摘要的 token 数不能小于 0</translation>
    </message>
    <message>
        <source>at least 1 call must run at a time</source>
        <translation>每次至少要运行 1 个调用</translation>
    </message>
</context>
<context>
    <name>ys::ChunkingEstimatesModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Window (tokens)</source>
        <translation>窗口 (token)</translation>
    </message>
    <message>
        <source>Chunks fit</source>
        <translation>分块可放入</translation>
    </message>
    <message>
        <source>Whole fits</source>
        <translation>整篇可放入</translation>
    </message>
    <message>
        <source>Chunked cost ($)</source>
        <translation>分块成本 ($)</translation>
    </message>
    <message>
        <source>Chunked time (ms)</source>
        <translation>分块耗时 (ms)</translation>
    </message>
    <message>
        <source>Whole cost ($)</source>
        <translation>整篇成本 ($)</translation>
    </message>
    <message>
        <source>Whole time (ms)</source>
        <translation>整篇耗时 (ms)</translation>
    </message>
    <message>
        <source>Extrapolated</source>
        <translation>外推</translation>
    </message>
    <message>
        <source>A prompt lies past the largest one the provider&apos;s context sweep measured: its figures are read off the curve beyond the data</source>
        <translation>有提示词超出该服务商上下文扫描测过的最大提示词：其数值是在数据范围之外从曲线上外推读取的</translation>
    </message>
</context>
<context>
    <name>ys::CliBundle</name>
    <message>
        <source>bundle export needs --out FILE.</source>
        <translation>bundle export 需要 --out FILE。</translation>
    </message>
    <message>
        <source>%1: no such database</source>
        <translation>%1：没有这个数据库</translation>
    </message>
    <message>
        <source>--session: &quot;%1&quot; is not a session id</source>
        <translation>--session：“%1”不是会话编号</translation>
    </message>
    <message>
        <source>%1 holds no sessions</source>
        <translation>%1 中没有会话</translation>
    </message>
    <message>
        <source>Session %1 written to %2</source>
        <translation>会话 %1 已写入 %2</translation>
    </message>
    <message>
        <source>bundle import needs --in FILE.</source>
        <translation>bundle import 需要 --in FILE。</translation>
    </message>
    <message>
        <source>Imported %1 as session %2</source>
        <translation>已将 %1 导入为会话 %2</translation>
    </message>
    <message>
        <source>bundle import: the bundle file to read.</source>
        <translation>bundle import：要读取的会话包文件。</translation>
    </message>
    <message>
        <source>Usage: bundle export --db FILE|URL [--session ID] --out FILE, or bundle import --db FILE|URL --in FILE</source>
        <translation>用法：bundle export --db FILE|URL [--session ID] --out FILE，或 bundle import --db FILE|URL --in FILE</translation>
    </message>
    <message>
        <source>--db FILE is required.</source>
        <translation>需要 --db FILE。</translation>
    </message>
</context>
<context>
    <name>ys::CliChunking</name>
    <message>
        <source>chunking needs --%1 (see --help)</source>
        <translation>chunking 需要 --%1（见 --help）</translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is not a whole number of tokens</source>
        <translation>--%1：“%2”不是整数个 token</translation>
    </message>
    <message>
        <source>--parallel: &quot;%1&quot; is not a whole number</source>
        <translation>--parallel：“%1”不是整数</translation>
    </message>
    <message>
        <source>chunking: %1</source>
        <translation>chunking：%1</translation>
    </message>
    <message>
        <source>A document of %1 tokens in chunks of %2 overlapping by %3: %4 chunk(s), the last of %5 tokens; %6 tokens sent in chunks, %7% redundancy</source>
        <translation>%1 个 token 的文档按每块 %2 个、重叠 %3 个分块：共 %4 块，最后一块 %5 个 token；分块共发送 %6 个 token，冗余 %7%</translation>
    </message>
    <message>
        <source>  %1 call(s) in %2 round(s) of at most %3: %4 input tokens (%5 in the map calls, %6 in the reduce call) and %7 output tokens; one call with the whole document: %8 input tokens</source>
        <translation>  %1 次调用，分 %2 轮、每轮最多 %3 次：输入 %4 个 token（分块调用 %5 个，合并调用 %6 个），输出 %7 个 token；整篇文档一次调用：输入 %8 个 token</translation>
    </message>
    <message>
        <source>No provider of the session ran a context sweep: nothing to estimate the calls from.</source>
        <translation>此会话中没有服务商运行过上下文扫描：无法据此估算调用。</translation>
    </message>
    <message>
        <source>From each provider&apos;s context sweep (* past the largest prompt it swept; — does not fit its window or has no curve):</source>
        <translation>根据各服务商的上下文扫描（* 表示超出其扫描过的最大提示词；— 表示放不进其上下文窗口或没有曲线）：</translation>
    </message>
    <message>
        <source>  %1 (window %2): chunked %3, %4 ms; whole %5, %6 ms%7</source>
        <translation>  %1（窗口 %2）：分块 %3，%4 ms；整篇 %5，%6 ms%7</translation>
    </message>
    <message>
        <source>chunking: the document&apos;s tokens.</source>
        <translation>chunking：文档的 token 数。</translation>
    </message>
    <message>
        <source>chunking: the tokens of one chunk.</source>
        <translation>chunking：每个分块的 token 数。</translation>
    </message>
    <message>
        <source>chunking: the tokens neighbouring chunks share (default 0).</source>
        <translation>chunking：相邻分块共享的 token 数（默认 0）。</translation>
    </message>
    <message>
        <source>chunking: the instruction sent with every call (default 0).</source>
        <translation>chunking：每次调用附带的指令 token 数（默认 0）。</translation>
    </message>
    <message>
        <source>chunking: the summary each call answers with (default 0).</source>
        <translation>chunking：每次调用返回的摘要 token 数（默认 0）。</translation>
    </message>
    <message>
        <source>chunking: the map calls made at a time (default 1).</source>
        <translation>chunking：同时进行的分块调用数（默认 1）。</translation>
    </message>
</context>
<context>
    <name>ys::CliCommands</name>
    <message>
        <source>Session %1 (%2), %3</source>
        <translation>会话 %1（%2），%3</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>TTFT p50</source>
        <translation>TTFT p50</translation>
    </message>
    <message>
        <source>E2E p95</source>
        <translation>E2E p95</translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation>tok/s</translation>
    </message>
    <message>
        <source>$/1K</source>
        <translation>$/1K</translation>
    </message>
    <message>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>gates</source>
        <translation>门槛</translation>
    </message>
    <message>
        <source>%1: no such database</source>
        <translation>%1：数据库不存在</translation>
    </message>
    <message>
        <source>Cannot start the built-in simulator: %1</source>
        <translation>无法启动内置模拟器：%1</translation>
    </message>
    <message>
        <source>No provider named &quot;%1&quot; in suite &quot;%2&quot;</source>
        <translation>套件 &quot;%2&quot; 中没有名为 &quot;%1&quot; 的服务商</translation>
    </message>
    <message>
        <source>[%1/%2] %3</source>
        <translation>[%1/%2] %3</translation>
    </message>
    <message>
        <source>%1  %2  %3  %4  %5 providers, %6 samples</source>
        <translation>%1  %2  %3  %4  %5 个服务商，%6 个样本</translation>
    </message>
    <message>
        <source>%1 holds no sessions</source>
        <translation>%1 中没有会话</translation>
    </message>
    <message>
        <source>Unknown encoding &quot;%1&quot;; use cl100k_base or o200k_base.</source>
        <translation>未知编码 &quot;%1&quot;；请使用 cl100k_base 或 o200k_base。</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <source>[%1/%2] %3, %4</source>
        <translation>[%1/%2] %3，%4</translation>
    </message>
    <message>
        <source>succ/n</source>
        <translation>成功/总数</translation>
    </message>
    <message>
        <source>outcomes: %1</source>
        <translation>结果：%1</translation>
    </message>
    <message>
        <source>open loop: %1 requests/s achieved of %2 asked</source>
        <translation>开环：实际达到 %1 请求/秒，要求 %2</translation>
    </message>
    <message>
        <source>E2E p95 above: open loop, from the intended start (queue delay included), as the latency gate reads it; %1 ms from the actual start</source>
        <translation>上面的 E2E p95：开环，从计划开始时刻算起（含排队延迟），即延迟门槛所用的数值；从实际开始时刻算起为 %1 ms</translation>
    </message>
    <message>
        <source>Gates: %1 (E2E in open loop from the intended start). Percentiles: linear interpolation (type 7).</source>
        <translation>门槛：%1（开环时 E2E 从计划开始时刻算起）。百分位：线性插值（type 7）。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Score (%1): %2</source>
        <translation>评分（%1）：%2</translation>
    </message>
    <message>
        <source>--metrics-listen: %1</source>
        <translation>--metrics-listen：%1</translation>
    </message>
    <message>
        <source>Client delivery overhead: not measured</source>
        <translation>客户端投递开销：未测量</translation>
    </message>
    <message>
        <source>The demo runs without a queue item: %1</source>
        <translation>演示未作为队列项运行：%1</translation>
    </message>
</context>
<context>
    <name>ys::CliExport</name>
    <message>
        <source>%1 holds no session %2</source>
        <translation>%1 中没有会话 %2</translation>
    </message>
    <message>
        <source>%1 holds no sessions</source>
        <translation>%1 中没有任何会话</translation>
    </message>
    <message>
        <source>export needs --out FILE.</source>
        <translation>export 需要 --out FILE。</translation>
    </message>
    <message>
        <source>--format: &quot;%1&quot; is not csv, xlsx or json</source>
        <translation>--format：“%1”不是 csv、xlsx 或 json</translation>
    </message>
    <message>
        <source>--table: &quot;%1&quot; is not comparison or attempts</source>
        <translation>--table：“%1”不是 comparison 或 attempts</translation>
    </message>
    <message>
        <source>%1: no such database</source>
        <translation>%1：数据库不存在</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: the comparison of %2 providers and %3 attempts of session %4</source>
        <translation>%1：会话 %4 的 %2 个服务商的对比和 %3 次尝试</translation>
    </message>
    <message>
        <source>%1: the comparison of %2 providers of session %3</source>
        <translation>%1：会话 %3 的 %2 个服务商的对比</translation>
    </message>
    <message>
        <source>%1: %2 attempts of session %3</source>
        <translation>%1：会话 %3 的 %2 次尝试</translation>
    </message>
</context>
<context>
    <name>ys::CliGate</name>
    <message>
        <source>not measured</source>
        <translation>未测得</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1：%2，%3</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Requirements (%1, from %2): %3; %4 of %5 gates must pass</source>
        <translation>要求（%1，来自%2）：%3；%5 项门槛中须通过 %4 项</translation>
    </message>
    <message>
        <source>%1: no such database</source>
        <translation>%1：数据库不存在</translation>
    </message>
    <message>
        <source>Session %1 has no providers to gate</source>
        <translation>会话 %1 没有可检查门槛的服务商</translation>
    </message>
    <message>
        <source>%1: %2 (%3 of %4 gates passed, %5 needed)</source>
        <translation>%1：%2（%4 项门槛通过 %3 项，需要 %5 项）</translation>
    </message>
    <message>
        <source>the file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>the suite</source>
        <translation>套件</translation>
    </message>
    <message>
        <source>the default</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>Session %1 (%2)</source>
        <translation>会话 %1（%2）</translation>
    </message>
    <message>
        <source>Every provider qualifies.</source>
        <translation>所有服务商均达标。</translation>
    </message>
    <message>
        <source>Not every provider qualifies (exit code 3).</source>
        <translation>并非所有服务商都达标（退出码 3）。</translation>
    </message>
    <message>
        <source>regression</source>
        <translation>回归</translation>
    </message>
    <message>
        <source>not worse</source>
        <translation>未变差</translation>
    </message>
    <message>
        <source>worse, not tested</source>
        <translation>变差，未检验</translation>
    </message>
    <message>
        <source>worse, not significant</source>
        <translation>变差，不显著</translation>
    </message>
    <message>
        <source>worse, within the tolerance</source>
        <translation>变差，在容差之内</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>%1, %2: %3 → %4 (%5), p = %6: %7</source>
        <translation>%1，%2：%3 → %4（%5），p = %6：%7</translation>
    </message>
    <message>
        <source>Against baseline session %1 (%2): tolerance %3%, alpha %4, Holm&apos;s correction over %5 tests</source>
        <translation>对比基线会话 %1（%2）：容差 %3%，显著性水平 α = %4，对 %5 项检验做 Holm 校正</translation>
    </message>
    <message>
        <source>Only in the baseline, not compared: %1</source>
        <translation>仅在基线中，未比较：%1</translation>
    </message>
    <message>
        <source>Not in the baseline, not compared: %1</source>
        <translation>不在基线中，未比较：%1</translation>
    </message>
    <message>
        <source>No regression against baseline session %1.</source>
        <translation>相对基线会话 %1 没有回归。</translation>
    </message>
    <message>
        <source>Regressions against baseline session %1: %2 (exit code 3).</source>
        <translation>相对基线会话 %1 的回归：%2 项（退出码 3）。</translation>
    </message>
    <message>
        <source>--baseline %1 is the session being checked; give another session to compare it with</source>
        <translation>--baseline %1 就是被检查的会话；请另指定一个会话作为比较对象</translation>
    </message>
    <message>
        <source>--baseline %1: %2</source>
        <translation>--baseline %1：%2</translation>
    </message>
    <message>
        <source>Session %1 and baseline session %2 have no provider in common (session: %3; baseline: %4)</source>
        <translation>会话 %1 与基线会话 %2 没有共同的服务商（会话：%3；基线：%4）</translation>
    </message>
    <message>
        <source>--tolerance: &quot;%1&quot; is not a fraction from 0 to below 1 (0.05 is 5%)</source>
        <translation>--tolerance：“%1”不是 0 到 1（不含）之间的比例（0.05 即 5%）</translation>
    </message>
    <message>
        <source>--alpha: &quot;%1&quot; is not a level above 0 and at most 0.5 (e.g. 0.05)</source>
        <translation>--alpha：“%1”不是大于 0 且不超过 0.5 的水平（例如 0.05）</translation>
    </message>
    <message>
        <source>gate, run --gate: also compare each provider with the same provider of this session (latest: the newest earlier finished session of the suite) and exit 3 on a regression.</source>
        <translation>gate、run --gate：另将每个服务商与此会话中的同一服务商比较（latest：该套件较早的会话中最新一个已完成的会话），出现回归时以退出码 3 退出。</translation>
    </message>
    <message>
        <source>--baseline, --gate-baseline: the change let through, a fraction from 0 to below 1 (default 0.10: 10% slower or dearer, 10 points less success).</source>
        <translation>--baseline、--gate-baseline：允许的变化幅度，0 到 1（不含）之间的比例（默认 0.10：慢 10% 或贵 10%，成功率低 10 个百分点）。</translation>
    </message>
    <message>
        <source>--baseline, --gate-baseline: the family-wise significance level, above 0 and at most 0.5 (default 0.05).</source>
        <translation>--baseline、--gate-baseline：族错误率显著性水平，大于 0 且不超过 0.5（默认 0.05）。</translation>
    </message>
    <message>
        <source>--tolerance and --alpha need --%1 ID</source>
        <translation>--tolerance 和 --alpha 需要 --%1 ID</translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is not a session id or latest</source>
        <translation>--%1：“%2”不是会话 ID，也不是 latest</translation>
    </message>
    <message>
        <source>--baseline %1: %2: no such database</source>
        <translation>--baseline %1：%2：数据库不存在</translation>
    </message>
    <message>
        <source>no such session</source>
        <translation>会话不存在</translation>
    </message>
    <message>
        <source>There is no session %1</source>
        <translation>不存在会话 %1</translation>
    </message>
    <message>
        <source>--baseline latest: no finished session of suite &quot;%1&quot; started before session %2</source>
        <translation>--baseline latest：套件“%1”在会话 %2 之前开始的会话中，没有已完成的会话</translation>
    </message>
</context>
<context>
    <name>ys::CliGateBaseline</name>
    <message>
        <source>schedule add, queue: after a worker runs the suite, compare its session with this session (latest: the newest earlier finished session of the suite) as gate --baseline does, and keep the verdict.</source>
        <translation>schedule add、queue：工作进程运行套件后，像 gate --baseline 那样将其会话与此会话（latest：该套件较早的会话中最新一个已完成的会话）比较，并保存结论。</translation>
    </message>
    <message>
        <source>the stored gate is not one schedule add writes: %1</source>
        <translation>保存的门槛不是 schedule add 写入的格式：%1</translation>
    </message>
    <message>
        <source>item %1: regression gate not checked: %2</source>
        <translation>第 %1 项：未检查回归门槛：%2</translation>
    </message>
    <message>
        <source>item %1: %2</source>
        <translation>第 %1 项：%2</translation>
    </message>
    <message>
        <source>item %1: session %2, no regression against baseline session %3</source>
        <translation>第 %1 项：会话 %2，相对基线会话 %3 没有回归</translation>
    </message>
    <message>
        <source>item %1: session %2, %3 regression(s) against baseline session %4</source>
        <translation>第 %1 项：会话 %2，相对基线会话 %4 有 %3 项回归</translation>
    </message>
    <message>
        <source>item %1: the verdict cannot be stored: %2</source>
        <translation>第 %1 项：无法保存结论：%2</translation>
    </message>
</context>
<context>
    <name>ys::CliMoney</name>
    <message>
        <source>Bill %1: %2 lines; recorded: %3</source>
        <translation>账单 %1：%2 行；记录来源：%3</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>billed $/1K</source>
        <translation>账单 $/1K</translation>
    </message>
    <message>
        <source>recorded $/1K</source>
        <translation>记录 $/1K</translation>
    </message>
    <message>
        <source>billed</source>
        <translation>账单</translation>
    </message>
    <message>
        <source>flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>too few days</source>
        <translation>天数太少</translation>
    </message>
    <message>
        <source>date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>diff</source>
        <translation>差额</translation>
    </message>
    <message>
        <source>others ±σ</source>
        <translation>其他天 ±σ</translation>
    </message>
    <message>
        <source>FLAGGED</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>not billed</source>
        <translation>未出账</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>bill: the usage or invoice CSV.</source>
        <translation>bill：用量或发票 CSV。</translation>
    </message>
    <message>
        <source>bill: read FIELD from the column HEADER (repeatable), e.g. cost_usd=Amount (USD).</source>
        <translation>bill：从列 HEADER 读取 FIELD（可重复），例如 cost_usd=Amount (USD)。</translation>
    </message>
    <message>
        <source>tco: price of one GPU per hour.</source>
        <translation>tco：单块 GPU 每小时的价格。</translation>
    </message>
    <message>
        <source>tco: GPUs in one deployment.</source>
        <translation>tco：一套部署中的 GPU 数量。</translation>
    </message>
    <message>
        <source>tco: share of paid GPU time doing useful work, (0, 1].</source>
        <translation>tco：付费 GPU 时间中做有效工作的比例，(0, 1]。</translation>
    </message>
    <message>
        <source>tco: engineering and operations cost per month.</source>
        <translation>tco：每月的工程与运维成本。</translation>
    </message>
    <message>
        <source>tco: the deployment&apos;s throughput, instead of --provider&apos;s measured concurrency sweep.</source>
        <translation>tco：部署的吞吐量，代替 --provider 实测的并发扫描。</translation>
    </message>
    <message>
        <source>tco: the API&apos;s price per 1M tokens.</source>
        <translation>tco：API 每 1M token 的价格。</translation>
    </message>
    <message>
        <source>tco: take the API&apos;s price from this provider&apos;s measured cost in the session.</source>
        <translation>tco：以此服务商在会话中的实测成本作为 API 价格。</translation>
    </message>
    <message>
        <source>Usage: bill --db FILE --csv FILE [--session ID] [--column FIELD=HEADER]... [--json]</source>
        <translation>用法：bill --db FILE --csv FILE [--session ID] [--column FIELD=HEADER]... [--json]</translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1：无法读取（%2）</translation>
    </message>
    <message>
        <source>session %1 of %2</source>
        <translation>%2 的会话 %1</translation>
    </message>
    <message>
        <source>every session of %1</source>
        <translation>%1 的所有会话</translation>
    </message>
    <message>
        <source>--provider and --api-provider read a session: give --db FILE</source>
        <translation>--provider 和 --api-provider 需要读取会话：请给出 --db FILE</translation>
    </message>
    <message>
        <source>Self-hosted: %1 × GPU at %2/h, utilisation %3, operations %4/month; %5 tokens/s (%6)</source>
        <translation>自托管：%1 × GPU，每小时 %2，利用率 %3，运维 %4/月；%5 token/秒（%6）</translation>
    </message>
    <message>
        <source>API: %1 per 1M tokens (%2)</source>
        <translation>API：每 1M token %1（%2）</translation>
    </message>
    <message>
        <source>At %1 tokens a month: self-hosted %2 (%3 per 1M), API %4 (%5 per 1M); %6 is cheaper</source>
        <translation>每月 %1 个 token 时：自托管 %2（每 1M %3），API %4（每 1M %5）；%6更便宜</translation>
    </message>
    <message>
        <source>self-hosting</source>
        <translation>自托管</translation>
    </message>
    <message>
        <source>the API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Break-even: %1 tokens a month</source>
        <translation>盈亏平衡点：每月 %1 个 token</translation>
    </message>
    <message>
        <source>Break-even: never (GPU time alone costs %1 per 1M)</source>
        <translation>盈亏平衡点：不存在（仅 GPU 时间每 1M 就需 %1）</translation>
    </message>
    <message>
        <source>utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>capacity/month</source>
        <translation>容量/月</translation>
    </message>
    <message>
        <source>GPU $/1M</source>
        <translation>GPU $/1M</translation>
    </message>
    <message>
        <source>self $/1M</source>
        <translation>自托管 $/1M</translation>
    </message>
    <message>
        <source>break-even/month</source>
        <translation>盈亏平衡/月</translation>
    </message>
    <message>
        <source>never</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>--provider: no provider named &quot;%1&quot; in %2</source>
        <translation>--provider：%2 中没有名为 &quot;%1&quot; 的服务商</translation>
    </message>
    <message>
        <source>--api-provider: no provider named &quot;%1&quot; in %2</source>
        <translation>--api-provider：%2 中没有名为 &quot;%1&quot; 的服务商</translation>
    </message>
    <message>
        <source>--api-provider: %1 has no measured cost in %2 (no price or no reported usage)</source>
        <translation>--api-provider：%1 在 %2 中没有实测成本（没有价格或没有报告用量）</translation>
    </message>
    <message>
        <source>%1&apos;s measured cost in %2</source>
        <translation>%1 在 %2 中的实测成本</translation>
    </message>
    <message>
        <source>tco needs --%1 (see --help)</source>
        <translation>tco 需要 --%1（见 --help）</translation>
    </message>
    <message>
        <source>tco needs one of --tokens-per-s T and --provider NAME (with --db)</source>
        <translation>tco 需要 --tokens-per-s T 或 --provider NAME（配合 --db）之一</translation>
    </message>
    <message>
        <source>tco needs one of --api-usd-per-1m P and --api-provider NAME</source>
        <translation>tco 需要 --api-usd-per-1m P 或 --api-provider NAME 之一</translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is not a number</source>
        <translation>--%1：&quot;%2&quot; 不是数字</translation>
    </message>
    <message>
        <source>--gpus: &quot;%1&quot; is not a whole number</source>
        <translation>--gpus：&quot;%1&quot; 不是整数</translation>
    </message>
    <message>
        <source>given</source>
        <translation>给定值</translation>
    </message>
    <message>
        <source>%1&apos;s concurrency sweep in %2, step at concurrency %3: %4 output tokens/s + %5 prompt tokens/s</source>
        <translation>%1 在 %2 中的并发扫描，并发 %3 的一步：每秒 %4 个输出词元 + 每秒 %5 个提示词元</translation>
    </message>
    <message>
        <source>tco, recommend: tokens per month (50M, 2B and the like are read).</source>
        <translation>tco、recommend：每月 token 数（可识别 50M、2B 等写法）。</translation>
    </message>
    <message>
        <source>tco: standby deployments beyond those the volume needs, always on (default 0).</source>
        <translation>tco：用量所需之外、始终在线的备用部署数（默认 0）。</translation>
    </message>
    <message>
        <source>tco: a fine-tuning run amortised per month (repeatable): lora|full:GPU_HOURS[:RUNS_PER_YEAR[:USD_PER_HOUR]], runs a year 1 and the deployment&apos;s GPU price unless given.</source>
        <translation>tco：按月摊销的一次微调（可重复）：lora|full:GPU_HOURS[:RUNS_PER_YEAR[:USD_PER_HOUR]]，未给出时每年 1 次，使用部署的 GPU 价格。</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>break-even low</source>
        <translation>盈亏平衡（低）</translation>
    </message>
    <message>
        <source>break-even high</source>
        <translation>盈亏平衡（高）</translation>
    </message>
    <message>
        <source>move</source>
        <translation>变动</translation>
    </message>
    <message>
        <source>--finetune: &quot;%1&quot;: %2</source>
        <translation>--finetune：&quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>write lora|full:GPU_HOURS[:RUNS_PER_YEAR[:USD_PER_HOUR]]</source>
        <translation>请写作 lora|full:GPU_HOURS[:RUNS_PER_YEAR[:USD_PER_HOUR]]</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number</source>
        <translation>&quot;%1&quot; 不是数字</translation>
    </message>
    <message>
        <source>--redundancy: &quot;%1&quot; is not a whole number of 0 or more</source>
        <translation>--redundancy：&quot;%1&quot; 不是 0 或以上的整数</translation>
    </message>
</context>
<context>
    <name>ys::CliQueue</name>
    <message>
        <source>--suite demo runs on a simulator inside the process that enqueues it; queue and schedule need a suite file</source>
        <translation>--suite demo 运行在入队进程内的模拟器上；queue 和 schedule 需要套件文件</translation>
    </message>
    <message>
        <source>No provider named &quot;%1&quot; in suite &quot;%2&quot;</source>
        <translation>套件“%2”中没有名为“%1”的服务商</translation>
    </message>
    <message>
        <source>every %1 s</source>
        <translation>每 %1 秒</translation>
    </message>
    <message>
        <source>at %1 UTC</source>
        <translation>于 UTC %1</translation>
    </message>
    <message>
        <source>queue: enqueue the suite this many times (default 1).</source>
        <translation>queue：将套件入队这么多次（默认 1）。</translation>
    </message>
    <message>
        <source>queue: list the queue instead of adding to it.</source>
        <translation>queue：列出队列，而不是向其添加。</translation>
    </message>
    <message>
        <source>worker: the worker&apos;s name (default host:pid); schedule add: its name.</source>
        <translation>worker：工作进程的名称（默认 host:pid）；schedule add：计划的名称。</translation>
    </message>
    <message>
        <source>worker: seconds a claim lasts without renewal (default 60).</source>
        <translation>worker：认领在不续租时持续的秒数（默认 60）。</translation>
    </message>
    <message>
        <source>worker: run one queued item at most, then exit.</source>
        <translation>worker：最多运行一个排队项，然后退出。</translation>
    </message>
    <message>
        <source>worker: exit after this many items.</source>
        <translation>worker：运行这么多项后退出。</translation>
    </message>
    <message>
        <source>worker: exit after this many seconds without work.</source>
        <translation>worker：空闲这么多秒后退出。</translation>
    </message>
    <message>
        <source>schedule add: enqueue every interval, e.g. 2m, 6h, 1d.</source>
        <translation>schedule add：每隔一段时间入队，例如 2m、6h、1d。</translation>
    </message>
    <message>
        <source>schedule add: enqueue at these UTC times of day, e.g. 09:00,15:00.</source>
        <translation>schedule add：在每天的这些 UTC 时刻入队，例如 09:00,15:00。</translation>
    </message>
    <message>
        <source>history: group sessions by windows of this length, e.g. 1h, 6h, 1d.</source>
        <translation>history：按此长度的时间窗对会话分组，例如 1h、6h、1d。</translation>
    </message>
    <message>
        <source>history: hour-of-day groups the sessions by the UTC hour they started in.</source>
        <translation>history：hour-of-day 按会话开始时的 UTC 小时分组。</translation>
    </message>
    <message>
        <source>%1 needs --db FILE|postgresql://...</source>
        <translation>%1 需要 --db FILE|postgresql://...</translation>
    </message>
    <message>
        <source>%1 takes no further arguments</source>
        <translation>%1 不接受更多参数</translation>
    </message>
    <message>
        <source>--lease: &quot;%1&quot; is not a number of seconds</source>
        <translation>--lease：“%1”不是秒数</translation>
    </message>
    <message>
        <source>--max-runs: &quot;%1&quot; is not a positive number</source>
        <translation>--max-runs：“%1”不是正数</translation>
    </message>
    <message>
        <source>--idle-exit: &quot;%1&quot; is not a number of seconds</source>
        <translation>--idle-exit：“%1”不是秒数</translation>
    </message>
    <message>
        <source>Usage: queue --db URL --suite FILE [--provider NAME]... [--count N] | queue --db URL --list [--json]</source>
        <translation>用法：queue --db URL --suite FILE [--provider NAME]... [--count N] | queue --db URL --list [--json]</translation>
    </message>
    <message>
        <source>--count: &quot;%1&quot; is not a positive number</source>
        <translation>--count：“%1”不是正数</translation>
    </message>
    <message>
        <source>%1  %2  %3  worker %4 (claim %5)  session %6  %7</source>
        <translation>%1  %2  %3  工作进程 %4（第 %5 次认领）  会话 %6  %7</translation>
    </message>
    <message>
        <source>Queued item %1: suite &quot;%2&quot;</source>
        <translation>已入队第 %1 项：套件“%2”</translation>
    </message>
    <message>
        <source>--every: &quot;%1&quot; is not an interval such as 2m, 6h or 1d</source>
        <translation>--every：“%1”不是 2m、6h 或 1d 这样的间隔</translation>
    </message>
    <message>
        <source>--at: &quot;%1&quot; is not a list of times of day such as 09:00,15:00</source>
        <translation>--at：“%1”不是 09:00,15:00 这样的时刻列表</translation>
    </message>
    <message>
        <source>Schedule %1 &quot;%2&quot;: %3</source>
        <translation>计划 %1“%2”：%3</translation>
    </message>
    <message>
        <source>schedule remove: &quot;%1&quot; is not a schedule id</source>
        <translation>schedule remove：“%1”不是计划编号</translation>
    </message>
    <message>
        <source>Schedule %1 removed</source>
        <translation>计划 %1 已删除</translation>
    </message>
    <message>
        <source>--window: &quot;%1&quot; is not an interval such as 1h, 6h or 1d</source>
        <translation>--window：“%1”不是 1h、6h 或 1d 这样的间隔</translation>
    </message>
    <message>
        <source>--by: &quot;%1&quot; is not hour-of-day</source>
        <translation>--by：“%1”不是 hour-of-day</translation>
    </message>
    <message>
        <source>%1: no such database</source>
        <translation>%1：没有这个数据库</translation>
    </message>
    <message>
        <source>hour (UTC)</source>
        <translation>小时（UTC）</translation>
    </message>
    <message>
        <source>window start (UTC)</source>
        <translation>时间窗起点（UTC）</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>sessions</source>
        <translation>会话数</translation>
    </message>
    <message>
        <source>TTFT p50</source>
        <translation>TTFT p50</translation>
    </message>
    <message>
        <source>E2E p50</source>
        <translation>E2E p50</translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>Each figure is the median over the group&apos;s finished sessions of the session&apos;s own p50.</source>
        <translation>每个数值是该组已完成会话各自 p50 的中位数。</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>regressed</source>
        <translation>已回归</translation>
    </message>
    <message>
        <source>no regression</source>
        <translation>无回归</translation>
    </message>
    <message>
        <source>%1  %2  %3  next %4  last %5%6</source>
        <translation>%1  %2  %3  下次 %4  上次 %5%6</translation>
    </message>
    <message>
        <source>  gate: %1</source>
        <translation>  门槛：%1</translation>
    </message>
    <message>
        <source>Usage: schedule add --db URL --suite FILE (--every 2m|6h | --at 09:00,15:00) [--name NAME] [--provider NAME]... [--gate-baseline ID|latest [--tolerance T] [--alpha A]] | schedule list --db URL [--json] | schedule remove --db URL ID</source>
        <translation>用法：schedule add --db URL --suite FILE (--every 2m|6h | --at 09:00,15:00) [--name NAME] [--provider NAME]... [--gate-baseline ID|latest [--tolerance T] [--alpha A]] | schedule list --db URL [--json] | schedule remove --db URL ID</translation>
    </message>
</context>
<context>
    <name>ys::CliRecommend</name>
    <message>
        <source>--%1: &quot;%2&quot; is not a number above zero</source>
        <translation>--%1：“%2”不是大于零的数字</translation>
    </message>
    <message>
        <source>, %1 a month</source>
        <translation>，每月 %1</translation>
    </message>
    <message>
        <source>     left out: %1</source>
        <translation>     已排除：%1</translation>
    </message>
    <message>
        <source>     risk: %1</source>
        <translation>     风险：%1</translation>
    </message>
    <message>
        <source>Long documents: %1 tokens in chunks of %2 overlapping by %3 are %4 chunk(s), %5% of the document sent twice.</source>
        <translation>长文档：%1 个 token 按每块 %2 个、重叠 %3 个分块，共 %4 块，文档的 %5% 被发送两次。</translation>
    </message>
    <message>
        <source>  %1: chunked %2, %3 ms; whole %4, %5 ms%6</source>
        <translation>  %1：分块 %2，%3 ms；整篇 %4，%5 ms%6</translation>
    </message>
    <message>
        <source>recommend: a bundled use case (realtime_support, coding_assistant, knowledge_base_summaries, compliance_review, batch_offline) or a use-case file; default: the session&apos;s.</source>
        <translation>recommend：内置的使用场景（realtime_support、coding_assistant、knowledge_base_summaries、compliance_review、batch_offline）或使用场景文件；默认为会话的使用场景。</translation>
    </message>
    <message>
        <source>recommend: the peak rate in requests per second.</source>
        <translation>recommend：峰值速率，单位为每秒请求数。</translation>
    </message>
</context>
<context>
    <name>ys::CliReport</name>
    <message>
        <source>%1 holds no sessions</source>
        <translation>%1 中没有任何会话</translation>
    </message>
    <message>
        <source>--session: %1 holds no session &quot;%2&quot;</source>
        <translation>--session：%1 中没有会话“%2”</translation>
    </message>
    <message>
        <source>report: the report&apos;s language, en (default) or zh_CN.</source>
        <translation>report：报告的语言，en（默认）或 zh_CN。</translation>
    </message>
    <message>
        <source>Usage: report --db FILE [--session ID] --format html|pdf --out FILE [--lang en|zh_CN]</source>
        <translation>用法：report --db FILE [--session ID] --format html|pdf --out FILE [--lang en|zh_CN]</translation>
    </message>
    <message>
        <source>--format: &quot;%1&quot; is not html or pdf</source>
        <translation>--format：“%1”不是 html 或 pdf</translation>
    </message>
    <message>
        <source>--lang: &quot;%1&quot; is not en or zh_CN</source>
        <translation>--lang：“%1”不是 en 或 zh_CN</translation>
    </message>
    <message>
        <source>%1: no such database</source>
        <translation>%1：数据库不存在</translation>
    </message>
</context>
<context>
    <name>ys::CliRoute</name>
    <message>
        <source>route: give --policy or --primary, not both</source>
        <translation>route：请指定 --policy 或 --primary，不能同时指定</translation>
    </message>
    <message>
        <source>route: --fallback needs --primary</source>
        <translation>route：--fallback 需要 --primary</translation>
    </message>
    <message>
        <source>route: no provider of session %1 qualifies for the use case &quot;%2&quot;; name one with --primary</source>
        <translation>route：会话 %1 中没有服务商在使用场景“%2”下达标；请用 --primary 指定一个</translation>
    </message>
    <message>
        <source>%1: cannot be written: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>route: --apply-to SUITE and --out FILE go together</source>
        <translation>route：--apply-to SUITE 和 --out FILE 必须同时使用</translation>
    </message>
    <message>
        <source>What-if over session %1&apos;s measured attempts (SLO: %2):</source>
        <translation>基于会话 %1 实测尝试的假设推演（SLO：%2）：</translation>
    </message>
    <message>
        <source>primary alone</source>
        <translation>仅主服务商</translation>
    </message>
    <message>
        <source>with the policy</source>
        <translation>采用该策略</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>route needs --db FILE</source>
        <translation>route 需要 --db FILE</translation>
    </message>
    <message>
        <source>route: %1</source>
        <translation>route：%1</translation>
    </message>
    <message>
        <source>route: the routing policy file (yardstick-routing/1).</source>
        <translation>route：路由策略文件（yardstick-routing/1）。</translation>
    </message>
    <message>
        <source>route: the primary provider of the policy.</source>
        <translation>route：策略的主服务商。</translation>
    </message>
    <message>
        <source>route: a fallback provider, in order (repeatable).</source>
        <translation>route：备用服务商，按顺序排列（可重复）。</translation>
    </message>
    <message>
        <source>route: write the policy as JSON to this file.</source>
        <translation>route：将策略以 JSON 写入此文件。</translation>
    </message>
    <message>
        <source>route: write the policy as a LiteLLM proxy config.yaml to this file.</source>
        <translation>route：将策略以 LiteLLM 代理 config.yaml 写入此文件。</translation>
    </message>
    <message>
        <source>route: write the policy into this suite (with --out).</source>
        <translation>route：将策略写入此套件（配合 --out）。</translation>
    </message>
</context>
<context>
    <name>ys::CliSession</name>
    <message>
        <source>%1: no such database</source>
        <translation>%1：数据库不存在</translation>
    </message>
    <message>
        <source>--session: &quot;%1&quot; is not a session id</source>
        <translation>--session：&quot;%1&quot; 不是会话 ID</translation>
    </message>
    <message>
        <source>%1 holds no sessions</source>
        <translation>%1 中没有会话</translation>
    </message>
</context>
<context>
    <name>ys::CliWorker</name>
    <message>
        <source>queue item %1</source>
        <translation>排队项 %1</translation>
    </message>
    <message>
        <source>item %1: failed: %2</source>
        <translation>第 %1 项：失败：%2</translation>
    </message>
    <message>
        <source>item %1: the claim was taken over; stopping this run</source>
        <translation>第 %1 项：认领已被接管；停止此次运行</translation>
    </message>
    <message>
        <source>item %1: session %2 started</source>
        <translation>第 %1 项：会话 %2 已开始</translation>
    </message>
    <message>
        <source>item %1: session %2 %3</source>
        <translation>第 %1 项：会话 %2 %3</translation>
    </message>
    <message>
        <source>item %1: cannot be marked finished: %2</source>
        <translation>第 %1 项：无法标记为完成：%2</translation>
    </message>
    <message>
        <source>item %1: superseded by a later claim; session %2 marked interrupted</source>
        <translation>第 %1 项：已被之后的认领取代；会话 %2 已标记为中断</translation>
    </message>
    <message>
        <source>--metrics-listen: %1</source>
        <translation>--metrics-listen：%1</translation>
    </message>
    <message>
        <source>worker %1: waiting for work (lease %2 s)</source>
        <translation>工作进程 %1：等待任务（租约 %2 秒）</translation>
    </message>
    <message>
        <source>worker %1: %2 scheduled item(s) enqueued</source>
        <translation>工作进程 %1：已将 %2 个计划项入队</translation>
    </message>
    <message>
        <source>worker %1: claimed item %2 (suite &quot;%3&quot;, claim %4)</source>
        <translation>工作进程 %1：已认领第 %2 项（套件“%3”，第 %4 次认领）</translation>
    </message>
    <message>
        <source>worker %1: exiting after %2 item(s)</source>
        <translation>工作进程 %1：运行 %2 项后退出</translation>
    </message>
</context>
<context>
    <name>ys::ComparisonExport</name>
    <message>
        <source>95% CI low</source>
        <translation>95% 置信区间下限</translation>
    </message>
    <message>
        <source>95% CI high</source>
        <translation>95% 置信区间上限</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Successes</source>
        <translation>成功次数</translation>
    </message>
    <message>
        <source>Success rate</source>
        <translation>成功率</translation>
    </message>
    <message>
        <source>TTFT P50</source>
        <translation>TTFT P50</translation>
    </message>
    <message>
        <source>TTFT P95</source>
        <translation>TTFT P95</translation>
    </message>
    <message>
        <source>E2E P50</source>
        <translation>E2E P50</translation>
    </message>
    <message>
        <source>E2E P95</source>
        <translation>E2E P95</translation>
    </message>
    <message>
        <source>Latency gate measured from</source>
        <translation>延迟门槛的计时起点</translation>
    </message>
    <message>
        <source>Latency gate E2E P95</source>
        <translation>延迟门槛的 E2E P95</translation>
    </message>
    <message>
        <source>Output P50</source>
        <translation>输出速度 P50</translation>
    </message>
    <message>
        <source>List price per 1K tokens</source>
        <translation>每千 token 标价</translation>
    </message>
    <message>
        <source>Measured cost per 1K tokens</source>
        <translation>每千 token 实测费用</translation>
    </message>
    <message>
        <source>Cost of run</source>
        <translation>运行费用</translation>
    </message>
    <message>
        <source>Cost partial (token counts missing)</source>
        <translation>费用不完整（缺少 token 数）</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>Latency gate</source>
        <translation>延迟门槛</translation>
    </message>
    <message>
        <source>TTFT gate</source>
        <translation>TTFT 门槛</translation>
    </message>
    <message>
        <source>Cost gate</source>
        <translation>费用门槛</translation>
    </message>
    <message>
        <source>Context gate</source>
        <translation>上下文门槛</translation>
    </message>
    <message>
        <source>Gates passed</source>
        <translation>通过的门槛数</translation>
    </message>
    <message>
        <source>Gates needed</source>
        <translation>需要通过的门槛数</translation>
    </message>
    <message>
        <source>Requirements</source>
        <translation>需求</translation>
    </message>
    <message>
        <source>intended start</source>
        <translation>计划开始</translation>
    </message>
    <message>
        <source>actual start</source>
        <translation>实际开始</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>ys::ComparisonTableModel</name>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1 (%2–%3)</translation>
    </message>
    <message>
        <source>$%1 (partial)</source>
        <translation>$%1（部分）</translation>
    </message>
    <message>
        <source>End-to-end P95 in ms with its distribution-free 95% confidence interval (order statistics); requirement ≤ %1 ms</source>
        <translation>端到端 P95（ms）及其无分布假设的 95% 置信区间（次序统计量）；要求 ≤ %1 ms</translation>
    </message>
    <message>
        <source>Blended list price per 1K tokens, input:output 3:1; requirement ≤ $%1</source>
        <translation>每 1K tokens 的混合标价（输入:输出 = 3:1）；要求 ≤ $%1</translation>
    </message>
    <message>
        <source>Context window; requirement ≥ %1 tokens</source>
        <translation>上下文窗口；要求 ≥ %1 tokens</translation>
    </message>
    <message>
        <source>Some attempts reported no token usage; their cost is not included</source>
        <translation>部分请求未报告 token 用量，其成本未计入</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>请求次数</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>成功率</translation>
    </message>
    <message>
        <source>TTFT P50 (ms)</source>
        <translation>TTFT P50 (ms)</translation>
    </message>
    <message>
        <source>TTFT P95 (ms)</source>
        <translation>TTFT P95 (ms)</translation>
    </message>
    <message>
        <source>E2E P50 (ms)</source>
        <translation>E2E P50 (ms)</translation>
    </message>
    <message>
        <source>E2E P95 (ms, 95% CI)</source>
        <translation>E2E P95 (ms, 95% CI)</translation>
    </message>
    <message>
        <source>Output tok/s</source>
        <translation>输出 tok/s</translation>
    </message>
    <message>
        <source>$ / 1K tokens</source>
        <translation>$ / 1K tokens</translation>
    </message>
    <message>
        <source>Cost of run</source>
        <translation>本次运行成本</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Requirements</source>
        <translation>需求门槛</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>%1% (%2)</source>
        <translation>%1%（%2）</translation>
    </message>
    <message>
        <source>Successful attempts (ok, or cut by the output limit): %1. Outcomes: %2</source>
        <translation>成功的请求（正常完成，或被输出上限截断）：%1。结果：%2</translation>
    </message>
    <message>
        <source>%1, from intended start</source>
        <translation>%1，从计划开始时刻算起</translation>
    </message>
    <message>
        <source>Open loop: end-to-end P95 in ms from the intended start (queue delay included), with its distribution-free 95% confidence interval (order statistics); the requirement ≤ %1 ms is checked against it. From the actual start: %2 ms</source>
        <translation>开环：从计划开始时刻算起的端到端 P95（ms，含排队延迟）及其无分布假设的 95% 置信区间（次序统计量）；要求 ≤ %1 ms 按此检查。从实际开始时刻算起：%2 ms</translation>
    </message>
    <message>
        <source>Blended list price per 1K tokens, input:output 3:1. The cost gate (≤ $%1) reads what was spent per 1K billed tokens: $%2</source>
        <translation>每 1K token 的混合标价（输入:输出 = 3:1）。成本门槛（≤ $%1）读取的是每 1K 计费 token 的实际花费：$%2</translation>
    </message>
</context>
<context>
    <name>ys::ComparisonTableView</name>
    <message>
        <source>Filter providers</source>
        <translation>筛选服务商</translation>
    </message>
    <message>
        <source>Show only the providers whose name contains this text</source>
        <translation>只显示名称包含此文本的服务商</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>全部服务商</translation>
    </message>
    <message>
        <source>Passing the requirements</source>
        <translation>满足要求</translation>
    </message>
    <message>
        <source>Failing the requirements</source>
        <translation>未满足要求</translation>
    </message>
    <message>
        <source>Show only the providers whose Requirements column says pass, or fail; inconclusive and unmeasured ones are in neither</source>
        <translation>只显示“要求”列为通过（或未通过）的服务商；无定论和未测量的不属于任何一类</translation>
    </message>
    <message>
        <source>&amp;Copy as TSV</source>
        <translation>复制为 TSV(&amp;C)</translation>
    </message>
    <message>
        <source>Re-run this provider</source>
        <translation>重新运行此服务商</translation>
    </message>
    <message>
        <source>Show attempts</source>
        <translation>查看尝试</translation>
    </message>
</context>
<context>
    <name>ys::ConcurrencyChart</name>
    <message>
        <source>Throughput and P95 against concurrency</source>
        <translation>吞吐量与 P95 随并发度的变化</translation>
    </message>
    <message>
        <source>Requests in flight</source>
        <translation>进行中的请求数</translation>
    </message>
    <message>
        <source>Output tokens per second (solid)</source>
        <translation>每秒输出 tokens（实线）</translation>
    </message>
    <message>
        <source>End-to-end P95 in ms (dashed)</source>
        <translation>端到端 P95，ms（虚线）</translation>
    </message>
    <message>
        <source>%1 throughput</source>
        <translation>%1 吞吐量</translation>
    </message>
    <message>
        <source>%1 P95</source>
        <translation>%1 P95</translation>
    </message>
    <message>
        <source>%1 saturation</source>
        <translation>%1 饱和点</translation>
    </message>
    <message>
        <source>No concurrency sweep in this session</source>
        <translation>本会话中没有并发扫描</translation>
    </message>
</context>
<context>
    <name>ys::ConnectionResult</name>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>HTTP %1 · first token after %2 · model %3</source>
        <translation>HTTP %1 · 首个 token 用时 %2 · 模型 %3</translation>
    </message>
</context>
<context>
    <name>ys::ConnectionTest</name>
    <message>
        <source>unknown dialect &quot;%1&quot;</source>
        <translation>未知的方言“%1”</translation>
    </message>
    <message>
        <source>Reply with the single word OK.</source>
        <translation>请只回复一个词：OK。</translation>
    </message>
    <message>
        <source>%1 (HTTP %2)</source>
        <translation>%1（HTTP %2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ys::ContextLimitDriver</name>
    <message>
        <source>no context window to verify: set the provider&apos;s context_window or the scenario&apos;s claimed</source>
        <translation>没有可验证的上下文窗口：请设置服务商的 context_window 或场景的 claimed</translation>
    </message>
</context>
<context>
    <name>ys::ContextPlot</name>
    <message>
        <source>128K</source>
        <translation>128K</translation>
    </message>
    <message>
        <source>200K</source>
        <translation>200K</translation>
    </message>
    <message>
        <source>quadratic, R² %1</source>
        <translation>二次，R² %1</translation>
    </message>
    <message>
        <source>quadratic</source>
        <translation>二次</translation>
    </message>
    <message>
        <source>no curve: %1</source>
        <translation>无曲线：%1</translation>
    </message>
    <message>
        <source>Cost per request ($)</source>
        <translation>每次请求成本 ($)</translation>
    </message>
    <message>
        <source>Median TTFT (ms)</source>
        <translation>TTFT 中位数 (ms)</translation>
    </message>
    <message>
        <source>Prompt: %1 tokens</source>
        <translation>提示词：%1 tokens</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Attempts: %1</source>
        <translation>尝试次数：%1</translation>
    </message>
    <message>
        <source>Curve: %1</source>
        <translation>曲线：%1</translation>
    </message>
    <message>
        <source>%1, R² %2</source>
        <translation>%1，R² %2</translation>
    </message>
</context>
<context>
    <name>ys::ContextScalingChart</name>
    <message>
        <source>Cost per request</source>
        <translation>每次请求成本</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示词 tokens</translation>
    </message>
    <message>
        <source>Context scaling: no context sweep in this session</source>
        <translation>上下文扩展：本会话中没有上下文扫描</translation>
    </message>
    <message>
        <source>Context scaling</source>
        <translation>上下文扩展</translation>
    </message>
    <message>
        <source>%1 curve</source>
        <translation>%1 曲线</translation>
    </message>
    <message>
        <source>%1 list price</source>
        <translation>%1 标价</translation>
    </message>
    <message>
        <source>%1 verified limit %2</source>
        <translation>%1 已验证上限 %2</translation>
    </message>
    <message>
        <source>Points: measured, with their 95% band · solid: fitted curve · dashed: beyond the last point · dotted: list price · dash-dot: verified context limit</source>
        <translation>点：实测值及其 95% 区间 · 实线：拟合曲线 · 虚线：最后一点之后的外推 · 点线：标价 · 点划线：已验证的上下文上限</translation>
    </message>
</context>
<context>
    <name>ys::ContractCheck</name>
    <message>
        <source>expected %1, got %2</source>
        <translation>期望 %1，实际 %2</translation>
    </message>
    <message>
        <source>%1 is not in the answer %2</source>
        <translation>答案 %2 中没有 %1</translation>
    </message>
    <message>
        <source>no number in the answer %1</source>
        <translation>答案 %1 中没有数字</translation>
    </message>
    <message>
        <source>expected %1 (± %2), got %3</source>
        <translation>期望 %1（± %2），实际 %3</translation>
    </message>
    <message>
        <source>the answer is empty</source>
        <translation>答案为空</translation>
    </message>
    <message>
        <source>not JSON at byte %1 of %2</source>
        <translation>在第 %1 字节（共 %2 字节）处不是 JSON</translation>
    </message>
    <message>
        <source>not JSON, so not checked against the schema</source>
        <translation>不是 JSON，因此未按模式检查</translation>
    </message>
    <message>
        <source>no match for %1</source>
        <translation>没有匹配 %1</translation>
    </message>
    <message>
        <source>%1 characters, at most %2 allowed</source>
        <translation>%1 个字符，最多允许 %2 个</translation>
    </message>
    <message>
        <source>the prompt is none of the golden set&apos;s</source>
        <translation>该提示不在标准答案集中</translation>
    </message>
    <message>
        <source>schema at %1</source>
        <translation>模式（%1 处）</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
</context>
<context>
    <name>ys::ContractFailuresModel</name>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>What failed</source>
        <translation>未通过原因</translation>
    </message>
    <message>
        <source>Golden prompt</source>
        <translation>标准答案提示</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
</context>
<context>
    <name>ys::ContractModel</name>
    <message>
        <source>Provider</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>Answers checked</source>
        <translation>已检查的回答</translation>
    </message>
    <message>
        <source>Passed every check</source>
        <translation>全部检查通过</translation>
    </message>
    <message>
        <source>The share of successful answers that passed every check of their contract, with its 95% Wilson interval: the figure the contract pass rate gate reads</source>
        <translation>通过其约定全部检查的成功回答所占比例，附 95% Wilson 区间：约定通过率门槛读取的数值</translation>
    </message>
    <message>
        <source>Failed checks</source>
        <translation>未通过的检查</translation>
    </message>
</context>
<context>
    <name>ys::ContractText</name>
    <message>
        <source>%1 (95% CI %2–%3)</source>
        <translation>%1（95% 置信区间 %2–%3）</translation>
    </message>
    <message>
        <source>%1 of %2 answers passed every check: %3</source>
        <translation>%2 个回答中 %1 个通过全部检查：%3</translation>
    </message>
    <message>
        <source>valid JSON</source>
        <translation>有效 JSON</translation>
    </message>
    <message>
        <source>JSON Schema</source>
        <translation>JSON 模式</translation>
    </message>
    <message>
        <source>regular expression</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>maximum length</source>
        <translation>最大长度</translation>
    </message>
    <message>
        <source>golden answer</source>
        <translation>标准答案</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1（%2 处）</translation>
    </message>
    <message>
        <source>request %1: %2: %3</source>
        <translation>请求 %1：%2：%3</translation>
    </message>
    <message>
        <source> (prompt: %1)</source>
        <translation>（提示：%1）</translation>
    </message>
    <message>
        <source>Contract: %1</source>
        <translation>约定：%1</translation>
    </message>
    <message>
        <source>  %1: %2 of %3, %4</source>
        <translation>  %1：%3 个中 %2 个，%4</translation>
    </message>
    <message numerus="yes">
        <source>  and %n more failure(s)</source>
        <translation>
            <numerusform>  另有 %n 项未通过</numerusform>
        </translation>
    </message>
    <message>
        <source>tool arguments</source>
        <translation>工具参数</translation>
    </message>
</context>
<context>
    <name>ys::ContractView</name>
    <message>
        <source>Select a session to see how its answers hold to their contracts.</source>
        <translation>选择一个会话，查看其回答是否符合约定。</translation>
    </message>
    <message>
        <source>Lowest: %1, %2.</source>
        <translation>最低：%1，%2。</translation>
    </message>
    <message>
        <source>Every answer of %1 passed every check.</source>
        <translation>%1 的每个回答都通过了全部检查。</translation>
    </message>
    <message numerus="yes">
        <source>%n failed check(s) of %1; the Attempts page shows each answer whole.</source>
        <translation>
            <numerusform>%1 有 %n 项检查未通过；“尝试”页面显示每个完整回答。</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a provider to list its failed checks.</source>
        <translation>选择一个提供商以列出其未通过的检查。</translation>
    </message>
    <message>
        <source>This session checked no answer against a contract. Give a latency scenario a &quot;contract&quot; (a JSON Schema, a regular expression, a length, golden answers) or tools to see how often each provider&apos;s answers and tool calls hold to them.</source>
        <translation>此会话没有按约定检查任何回答。为延迟场景加上约定（JSON 模式、正则表达式、长度、标准答案）或提供工具，即可查看各服务商的回答和工具调用有多常符合约定。</translation>
    </message>
</context>
<context>
    <name>ys::CostBreakdownChart</name>
    <message>
        <source>Where the money went</source>
        <translation>花费去向</translation>
    </message>
    <message>
        <source>Measured spend (US$)</source>
        <translation>实测花费 (US$)</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Cached input</source>
        <translation>缓存输入</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Answers (tokens not reported)</source>
        <translation>回答（未报告 tokens）</translation>
    </message>
    <message>
        <source>Retried attempts</source>
        <translation>被重试的尝试</translation>
    </message>
    <message>
        <source>Failed attempts</source>
        <translation>失败的尝试</translation>
    </message>
    <message>
        <source>Truncated answers</source>
        <translation>被截断的回答</translation>
    </message>
    <message>
        <source>No measured cost in this session</source>
        <translation>本会话中没有实测成本</translation>
    </message>
</context>
<context>
    <name>ys::CostEstimate</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 unpriced (cost unknown)</source>
        <translation>%1 未定价（成本未知）</translation>
    </message>
    <message>
        <source>Estimated cost at most %1 (%2)</source>
        <translation>预估成本至多 %1（%2）</translation>
    </message>
    <message>
        <source>Estimated cost at most %1 (%2), budget %3</source>
        <translation>预估成本至多 %1（%2），预算 %3</translation>
    </message>
    <message>
        <source>Not started: the estimated cost %1 exceeds the suite&apos;s budget_usd of %2 (every planned request at its full prompt and output limit; lower the requests or raise the budget)</source>
        <translation>未启动：预估成本 %1 超出套件的 budget_usd %2（按每个计划请求的完整提示词和输出上限计算；请减少请求数或提高预算）</translation>
    </message>
</context>
<context>
    <name>ys::CsvReader</name>
    <message>
        <source>text after the closing quote of a field</source>
        <translation>字段的结束引号之后还有文本</translation>
    </message>
    <message>
        <source>a quoted field is never closed</source>
        <translation>带引号的字段没有闭合</translation>
    </message>
</context>
<context>
    <name>ys::CsvSink</name>
    <message>
        <source>%1: a CSV file holds one table</source>
        <translation>%1：一个 CSV 文件只能容纳一张表</translation>
    </message>
</context>
<context>
    <name>ys::Database</name>
    <message>
        <source>%1: cannot be opened (%2)</source>
        <translation>%1：无法打开（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 was written by a newer Yardstick (schema %2; this version reads up to %3). It was left untouched.</source>
        <translation>%1 由更新版本的 Yardstick 写入（架构版本 %2；本版本最高可读取 %3）。未对该文件做任何改动。</translation>
    </message>
    <message>
        <source>%1 is not a Yardstick database (not an SQLite file, or a damaged one); the file was left untouched</source>
        <translation>%1 不是 Yardstick 数据库（不是 SQLite 文件，或文件已损坏）；文件未被改动</translation>
    </message>
    <message>
        <source>%1: cannot open the database: %2</source>
        <translation>%1：无法打开数据库：%2</translation>
    </message>
    <message>
        <source>%1 is not a readable database: %2; the file was left untouched</source>
        <translation>%1 不是可读的数据库：%2；文件未被改动</translation>
    </message>
    <message>
        <source>%1: could not mark abandoned sessions interrupted: %2</source>
        <translation>%1：无法将被遗弃的会话标记为中断：%2</translation>
    </message>
    <message>
        <source>no database was named</source>
        <translation>未指定数据库</translation>
    </message>
    <message>
        <source>%1: Qt&apos;s PostgreSQL driver (QPSQL) is not installed (Debian: libqt6sql6-psql)</source>
        <translation>%1：未安装 Qt 的 PostgreSQL 驱动（QPSQL）（Debian：libqt6sql6-psql）</translation>
    </message>
    <message>
        <source>%1: the password reference cannot be read: %2</source>
        <translation>%1：无法读取密码引用：%2</translation>
    </message>
    <message>
        <source>%1: cannot connect to the PostgreSQL server (%2)</source>
        <translation>%1：无法连接 PostgreSQL 服务器（%2）</translation>
    </message>
</context>
<context>
    <name>ys::DriftChart</name>
    <message>
        <source>Drift across sessions</source>
        <translation>跨会话漂移</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>TTFT P95</source>
        <translation>TTFT P95</translation>
    </message>
    <message>
        <source>E2E P95</source>
        <translation>E2E P95</translation>
    </message>
    <message>
        <source>$ per 1K</source>
        <translation>$/1K</translation>
    </message>
    <message>
        <source>Model or fingerprint changed</source>
        <translation>模型或指纹已变更</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
</context>
<context>
    <name>ys::DriftModel</name>
    <message>
        <source>Mann–Whitney U, Holm-adjusted over the comparisons with session %1</source>
        <translation>Mann–Whitney U 检验，对与会话 %1 的比较做 Holm 校正</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>From session</source>
        <translation>起始会话</translation>
    </message>
    <message>
        <source>To session</source>
        <translation>目标会话</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Difference [95% CI]</source>
        <translation>差值 [95% 置信区间]</translation>
    </message>
    <message>
        <source>p (Holm)</source>
        <translation>p（Holm）</translation>
    </message>
</context>
<context>
    <name>ys::DriftSeriesModel</name>
    <message>
        <source>model changed</source>
        <translation>模型已变更</translation>
    </message>
    <message>
        <source>fingerprint changed</source>
        <translation>指纹已变更</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>TTFT P95 (ms)</source>
        <translation>TTFT P95 (ms)</translation>
    </message>
    <message>
        <source>E2E P95 (ms)</source>
        <translation>E2E P95 (ms)</translation>
    </message>
    <message>
        <source>$/1K measured</source>
        <translation>实测 $/1K</translation>
    </message>
    <message>
        <source>Model identity</source>
        <translation>模型标识</translation>
    </message>
</context>
<context>
    <name>ys::EncodingRegistry</name>
    <message>
        <source>≈%1 (estimated)</source>
        <translation>≈%1（估算）</translation>
    </message>
    <message>
        <source>Exact count (%1)</source>
        <translation>精确计数（%1）</translation>
    </message>
    <message>
        <source>Estimated with %1: this provider&apos;s tokenizer is not public, so its reported usage is the figure of record</source>
        <translation>使用 %1 估算：此服务商的分词器未公开，因此以其报告的用量为准</translation>
    </message>
</context>
<context>
    <name>ys::FigureText</name>
    <message>
        <source>%1K</source>
        <translation>%1K</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>open loop at %1/s</source>
        <translation>开环，每秒 %1 个</translation>
    </message>
    <message>
        <source>closed loop at %1</source>
        <translation>闭环，并发 %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 prompt tokens</source>
        <translation>%1 个提示词元</translation>
    </message>
    <message>
        <source>prompts of varied size</source>
        <translation>大小不一的提示</translation>
    </message>
    <message>
        <source>latency scenario %1 of %2 (%3, %4): %5/%6 ok, TTFT p50 %7, E2E p95 %8, %9 tok/s</source>
        <translation>延迟场景 %1/%2（%3，%4）：成功 %5/%6，TTFT p50 %7，E2E p95 %8，每秒 %9 个词元</translation>
    </message>
    <message>
        <source>, $%1 per 1K</source>
        <translation>，每千词元 $%1</translation>
    </message>
    <message>
        <source> (the provider&apos;s figures and gates are this scenario&apos;s)</source>
        <translation>（该服务商的指标和门槛取自此场景）</translation>
    </message>
</context>
<context>
    <name>ys::Gates</name>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <translation>无定论</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>E2E P95 from the intended start ≤ %1 ms</source>
        <translation>从计划开始时刻算起的 E2E P95 ≤ %1 ms</translation>
    </message>
    <message>
        <source>E2E P95 ≤ %1 ms</source>
        <translation>E2E P95 ≤ %1 ms</translation>
    </message>
    <message>
        <source>TTFT P95 ≤ %1 ms</source>
        <translation>TTFT P95 ≤ %1 ms</translation>
    </message>
    <message>
        <source>list $ per 1K ≤ %1</source>
        <translation>标价每 1K ≤ $%1</translation>
    </message>
    <message>
        <source>measured $ per 1K ≤ %1</source>
        <translation>实测每 1K ≤ $%1</translation>
    </message>
    <message>
        <source>verified context ≥ %1 tokens</source>
        <translation>已验证上下文 ≥ %1 token</translation>
    </message>
    <message>
        <source>declared context ≥ %1 tokens</source>
        <translation>声明上下文 ≥ %1 token</translation>
    </message>
    <message>
        <source>context ≥ %1 tokens</source>
        <translation>上下文 ≥ %1 token</translation>
    </message>
    <message>
        <source>contract pass rate ≥ %1%</source>
        <translation>约定通过率 ≥ %1%</translation>
    </message>
</context>
<context>
    <name>ys::HistoryPage</name>
    <message>
        <source>Compare two sessions or runs</source>
        <translation>比较两个会话或运行</translation>
    </message>
    <message>
        <source>Before (A):</source>
        <translation>之前（A）：</translation>
    </message>
    <message>
        <source>After (B):</source>
        <translation>之后（B）：</translation>
    </message>
    <message>
        <source>A provider over time</source>
        <translation>单个服务商随时间的变化</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>服务商：</translation>
    </message>
    <message>
        <source>Session %1 · %2 · %3</source>
        <translation>会话 %1 · %2 · %3</translation>
    </message>
    <message>
        <source>    %1, run %2 (session %3, %4)</source>
        <translation>    %1，运行 %2（会话 %3，%4）</translation>
    </message>
    <message>
        <source>Run a suite twice, or re-run a provider, to compare.</source>
        <translation>将某个套件运行两次，或重新运行某个服务商，即可进行比较。</translation>
    </message>
    <message>
        <source>A and B are the same: choose two different sessions or runs.</source>
        <translation>A 与 B 相同：请选择两个不同的会话或运行。</translation>
    </message>
    <message>
        <source>Only in A: %1</source>
        <translation>仅在 A 中：%1</translation>
    </message>
    <message>
        <source>Only in B: %1</source>
        <translation>仅在 B 中：%1</translation>
    </message>
    <message>
        <source>Significant: p &lt; 0.05. TTFT and E2E are tested on every successful attempt (Mann–Whitney U), their interval is of the Hodges–Lehmann shift.</source>
        <translation>显著：p &lt; 0.05。TTFT 和 E2E 基于每次成功的尝试进行检验（Mann–Whitney U），其区间为 Hodges–Lehmann 位移的区间。</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Re-run of %1 in session %2: run %3 (B) against run %4 (A); %5 of %6 figures changed significantly.</source>
        <translation>会话 %2 中 %1 的重新运行：运行 %3（B）对比运行 %4（A）；%6 项指标中有 %5 项发生显著变化。</translation>
    </message>
    <message>
        <source>Reading the sessions…</source>
        <translation>正在读取会话…</translation>
    </message>
    <message>
        <source>The sessions cannot be read: %1</source>
        <translation>无法读取会话：%1</translation>
    </message>
    <message>
        <source>The sessions of %1 cannot be read: %2</source>
        <translation>无法读取 %1 的会话：%2</translation>
    </message>
    <message>
        <source>Reading every session of %1…</source>
        <translation>正在读取 %1 的所有会话…</translation>
    </message>
    <message>
        <source>Medians by window or hour</source>
        <translation>按时间窗或小时的中位数</translation>
    </message>
</context>
<context>
    <name>ys::HistoryWindowChart</name>
    <message>
        <source>Medians by window</source>
        <translation>按时间窗的中位数</translation>
    </message>
    <message>
        <source>Window start (UTC)</source>
        <translation>时间窗起点（UTC）</translation>
    </message>
    <message>
        <source>Hour of the day (UTC)</source>
        <translation>一天中的小时（UTC）</translation>
    </message>
    <message>
        <source>Medians by hour of the day</source>
        <translation>按一天中小时的中位数</translation>
    </message>
    <message>
        <source>TTFT P50 (ms)</source>
        <translation>TTFT P50（毫秒）</translation>
    </message>
    <message>
        <source>E2E P50 (ms)</source>
        <translation>E2E P50（毫秒）</translation>
    </message>
    <message>
        <source>Output tokens/s P50</source>
        <translation>输出 token/秒 P50</translation>
    </message>
</context>
<context>
    <name>ys::HistoryWindowModel</name>
    <message>
        <source>Window or hour (UTC)</source>
        <translation>时间窗或小时（UTC）</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话数</translation>
    </message>
    <message>
        <source>Finished sessions of the group; interrupted, failed and cancelled ones are left out</source>
        <translation>该组中已完成的会话；中断、失败和取消的会话不计入</translation>
    </message>
    <message>
        <source>TTFT P50 (ms)</source>
        <translation>TTFT P50（毫秒）</translation>
    </message>
    <message>
        <source>The median over the group&apos;s sessions of each session&apos;s own P50</source>
        <translation>该组各会话自身 P50 的中位数</translation>
    </message>
    <message>
        <source>E2E P50 (ms)</source>
        <translation>E2E P50（毫秒）</translation>
    </message>
    <message>
        <source>Output tokens/s P50</source>
        <translation>输出 token/秒 P50</translation>
    </message>
    <message>
        <source>%1:00 UTC</source>
        <translation>%1:00 UTC</translation>
    </message>
    <message>
        <source>%1 UTC</source>
        <translation>%1 UTC</translation>
    </message>
</context>
<context>
    <name>ys::HistoryWindowView</name>
    <message>
        <source>Windows of 1 hour</source>
        <translation>1 小时时间窗</translation>
    </message>
    <message>
        <source>Windows of 6 hours</source>
        <translation>6 小时时间窗</translation>
    </message>
    <message>
        <source>Windows of 1 day</source>
        <translation>1 天时间窗</translation>
    </message>
    <message>
        <source>Hour of the day</source>
        <translation>一天中的小时</translation>
    </message>
    <message>
        <source>Group the finished sessions by when they started: consecutive windows show a trend, the hour of the day a time-of-day effect</source>
        <translation>按开始时间对已完成的会话分组：连续时间窗显示趋势，一天中的小时显示时段效应</translation>
    </message>
    <message>
        <source>Every suite</source>
        <translation>所有套件</translation>
    </message>
    <message>
        <source>TTFT P50</source>
        <translation>TTFT P50</translation>
    </message>
    <message>
        <source>E2E P50</source>
        <translation>E2E P50</translation>
    </message>
    <message>
        <source>Output tokens/s P50</source>
        <translation>输出 token/秒 P50</translation>
    </message>
    <message>
        <source>Group by:</source>
        <translation>分组方式：</translation>
    </message>
    <message>
        <source>Suite:</source>
        <translation>套件：</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <source>Reading the sessions…</source>
        <translation>正在读取会话…</translation>
    </message>
    <message>
        <source>The sessions cannot be read: %1</source>
        <translation>无法读取会话：%1</translation>
    </message>
    <message>
        <source>No finished session yet. Sessions run at different times (Run → Run demo, or a schedule of the team store) are grouped here by window or by hour.</source>
        <translation>尚无已完成的会话。在不同时间运行的会话（运行 → 运行演示，或团队存储的计划任务）会在此按时间窗或小时分组。</translation>
    </message>
    <message>
        <source>Each figure is the median over the group&apos;s finished sessions of the session&apos;s own P50.</source>
        <translation>每个数值为该组已完成会话自身 P50 的中位数。</translation>
    </message>
</context>
<context>
    <name>ys::Http1Connection</name>
    <message>
        <source>invalid HTTP response</source>
        <translation>无效的 HTTP 响应</translation>
    </message>
    <message>
        <source>the server closed the connection before the response ended</source>
        <translation>服务器在响应结束前关闭了连接</translation>
    </message>
</context>
<context>
    <name>ys::HttpAttempt</name>
    <message>
        <source>stream event larger than the limit; starts with: %1</source>
        <translation>流事件超出大小上限；开头为：%1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>no complete reply within %1 ms</source>
        <translation>%1 ms 内未收到完整响应</translation>
    </message>
    <message>
        <source>HTTP %1: %2</source>
        <translation>HTTP %1：%2</translation>
    </message>
    <message>
        <source>the stream ended without its end marker</source>
        <translation>流在收到结束标记之前已结束</translation>
    </message>
    <message>
        <source>no connection within %1 ms</source>
        <translation>%1 ms 内未建立连接</translation>
    </message>
    <message>
        <source>the reply went silent for %1 ms</source>
        <translation>响应已静默 %1 ms</translation>
    </message>
    <message>
        <source>no first token within %1 ms</source>
        <translation>%1 ms 内未收到首个 token</translation>
    </message>
    <message>
        <source>%1; the event starts with: %2</source>
        <translation>%1；该事件开头为：%2</translation>
    </message>
    <message>
        <source>HTTP %1: redirected to another origin (%2), not followed</source>
        <translation>HTTP %1：被重定向到另一个源（%2），未跟随</translation>
    </message>
    <message>
        <source>%1; the body starts with: %2</source>
        <translation>%1；响应体开头为：%2</translation>
    </message>
    <message>
        <source>in-band error: %1</source>
        <translation>流内错误：%1</translation>
    </message>
    <message>
        <source>the reply ended properly but carried no answer, no output tokens and no finish reason</source>
        <translation>响应正常结束，但没有任何回答、输出 token 或结束原因</translation>
    </message>
    <message>
        <source>unknown SSE field lines (%1): %2</source>
        <translation>未知的 SSE 字段行（%1）：%2</translation>
    </message>
    <message>
        <source>TLS handshake failed: %1</source>
        <translation>TLS 握手失败：%1</translation>
    </message>
    <message>
        <source>the server answered over HTTP/%1, but the provider&apos;s http_version asks for HTTP/%2</source>
        <translation>服务器以 HTTP/%1 应答，但该服务商的 http_version 要求 HTTP/%2</translation>
    </message>
</context>
<context>
    <name>ys::InsightText</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>drift: %1 %2 changed since session %3: %4 → %5</source>
        <translation>漂移：%1 的%2自会话 %3 以来发生变化：%4 → %5</translation>
    </message>
    <message>
        <source>drift: %1 %2 since session %3: %4 → %5 (%6; difference %7, p = %8)</source>
        <translation>漂移：%1 的%2自会话 %3 以来：%4 → %5（%6；差值 %7，p = %8）</translation>
    </message>
    <message>
        <source>prompt %1 (reported %2, counted %3)</source>
        <translation>提示词 %1（报告 %2，计数 %3）</translation>
    </message>
    <message>
        <source>output %1 (reported %2, counted %3)</source>
        <translation>输出 %1（报告 %2，计数 %3）</translation>
    </message>
    <message>
        <source>tokens: %1 reports usage that differs from the exact %2 count by more than 1%: %3</source>
        <translation>token：%1 报告的用量与精确的 %2 计数相差超过 1%：%3</translation>
    </message>
</context>
<context>
    <name>ys::JsonSchema</name>
    <message>
        <source>a schema is a JSON object (or true or false)</source>
        <translation>模式应为 JSON 对象（或 true、false）</translation>
    </message>
    <message>
        <source>not a JSON Schema this version reads (draft 7): %1</source>
        <translation>不是本版本可读取的 JSON Schema（draft 7）：%1</translation>
    </message>
    <message>
        <source>the document does not hold to the schema</source>
        <translation>文档不符合该模式</translation>
    </message>
</context>
<context>
    <name>ys::JsonSink</name>
    <message>
        <source>%1: this JSON file holds one table</source>
        <translation>%1：此 JSON 文件只能容纳一张表</translation>
    </message>
</context>
<context>
    <name>ys::KindResultsText</name>
    <message>
        <source>  %1 curve: no fit, %2</source>
        <translation>  %1曲线：无法拟合，%2</translation>
    </message>
    <message>
        <source>, + c %1 ± %2</source>
        <translation>，+ c %1 ± %2</translation>
    </message>
    <message>
        <source>, R² %1</source>
        <translation>，R² %1</translation>
    </message>
    <message>
        <source> (β·w never crosses 1 in the sweep: a and β are poorly identified)</source>
        <translation>（扫描范围内 β·w 从未越过 1：a 与 β 难以区分）</translation>
    </message>
    <message>
        <source>    +10K tokens at 128K %1 ± %2, at 200K %3 ± %4; C(200K)/C(128K) %5 ± %6%7</source>
        <translation>    每增加 10K token：128K 处 %1 ± %2，200K 处 %3 ± %4；C(200K)/C(128K) %5 ± %6%7</translation>
    </message>
    <message>
        <source> (extrapolated past the sweep)</source>
        <translation>（超出扫描范围的外推）</translation>
    </message>
    <message>
        <source>no fit</source>
        <translation>无拟合</translation>
    </message>
    <message>
        <source>TTFT fit %1, R² %2</source>
        <translation>TTFT 拟合 %1，R² %2</translation>
    </message>
    <message numerus="yes">
        <source>context sweep: %n point(s); %1</source>
        <translation>
            <numerusform>上下文扫描：%n 个点；%1</numerusform>
        </translation>
    </message>
    <message>
        <source>  %1 tokens: skipped, %2</source>
        <translation>  %1 tokens：已跳过，%2</translation>
    </message>
    <message>
        <source>  %1 tokens: TTFT p50 %2, E2E p50 %3, %4 per request, %5/%6 ok</source>
        <translation>  %1 tokens：TTFT p50 %2，E2E p50 %3，每请求 %4，成功 %5/%6</translation>
    </message>
    <message>
        <source>, recall %1</source>
        <translation>，召回 %1</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>an error past the limit</source>
        <translation>超出上限时报错</translation>
    </message>
    <message>
        <source>SILENT TRUNCATION past the limit</source>
        <translation>超出上限时静默截断</translation>
    </message>
    <message>
        <source>no limit up to the claim</source>
        <translation>在声明值以内无上限</translation>
    </message>
    <message>
        <source>undecided</source>
        <translation>未确定</translation>
    </message>
    <message>
        <source>context limit: not probed, %1</source>
        <translation>上下文上限：未探测，%1</translation>
    </message>
    <message>
        <source>claim unverified</source>
        <translation>声明未验证</translation>
    </message>
    <message>
        <source>claim met</source>
        <translation>符合声明</translation>
    </message>
    <message>
        <source>CLAIM NOT MET</source>
        <translation>不符合声明</translation>
    </message>
    <message numerus="yes">
        <source>context limit: verified %1 of %2 claimed (%3), first failure %4, %5; %n probe(s)</source>
        <translation>
            <numerusform>上下文上限：已验证 %1（声明 %2，%3），首次失败 %4，%5；%n 次探测</numerusform>
        </translation>
    </message>
    <message>
        <source>concurrency sweep: saturation at %1</source>
        <translation>并发扫描：饱和点 %1</translation>
    </message>
    <message>
        <source>none within the levels</source>
        <translation>各档位内均未饱和</translation>
    </message>
    <message>
        <source>  %1 in flight: %2 output tok/s, %3 req/s, TTFT p95 %4, E2E p95 %5, errors %6</source>
        <translation>  并发 %1：输出 %2 tok/s，%3 请求/秒，TTFT p95 %4，E2E p95 %5，错误 %6</translation>
    </message>
    <message>
        <source>%1 ≥ %2 ms</source>
        <translation>%1 次 ≥ %2 ms</translation>
    </message>
    <message>
        <source>stability: ITL p50 %1, p99 %2, longest gap %3; stalls %4; %5 cut; finish %6</source>
        <translation>稳定性：ITL p50 %1，p99 %2，最长间隔 %3；停顿 %4；中断 %5 次；结束原因 %6</translation>
    </message>
    <message>
        <source>multi-turn: recall by turn (%) %1; %2</source>
        <translation>多轮对话：各轮召回率（%）%1；%2</translation>
    </message>
    <message>
        <source>the fact is lost at turn %1</source>
        <translation>事实在第 %1 轮丢失</translation>
    </message>
    <message>
        <source>the fact is never lost</source>
        <translation>事实从未丢失</translation>
    </message>
    <message>
        <source>  requests fail from turn %1 on (the history no longer fits, or the provider refused it)</source>
        <translation>  从第 %1 轮起请求失败（历史已超出窗口，或服务商拒绝）</translation>
    </message>
    <message>
        <source>  TTFT turn 1 %1, last turn %2; cost turn 1 %3, last turn %4</source>
        <translation>  TTFT 第 1 轮 %1，最后一轮 %2；成本第 1 轮 %3，最后一轮 %4</translation>
    </message>
    <message>
        <source>prefix cache detected</source>
        <translation>检测到前缀缓存</translation>
    </message>
    <message>
        <source>no prefix cache</source>
        <translation>无前缀缓存</translation>
    </message>
    <message>
        <source>cache: %1; TTFT cold %2, warm %3 (drop %4); cached share %5; saving %6 per request</source>
        <translation>缓存：%1；TTFT 冷 %2，热 %3（下降 %4）；缓存占比 %5；每请求节省 %6</translation>
    </message>
    <message>
        <source>resilience (SLO %1 ms):</source>
        <translation>容错（SLO %1 ms）：</translation>
    </message>
    <message>
        <source>  %1: SLO met %2, P95 %3, retries cost %4, fallback %5</source>
        <translation>  %1：SLO 达成 %2，P95 %3，重试成本 %4，回退 %5</translation>
    </message>
    <message>
        <source>rate limit: %1 requests/min, %2 tokens/min measured; first 429 at %3 req/s (%4 of %5 requests limited)</source>
        <translation>限流：实测 %1 请求/分钟，%2 tokens/分钟；首个 429 出现在 %3 请求/秒（%5 个请求中 %4 个被限流）</translation>
    </message>
    <message>
        <source>  headers: %1</source>
        <translation>  响应头：%1</translation>
    </message>
    <message>
        <source>determinism: %1 identical at temperature 0 (%2 distinct answers to %3 prompts, %4 answers)</source>
        <translation>确定性：温度为 0 时 %1 相同（%3 个提示词共 %2 种不同回答，%4 个回答）</translation>
    </message>
    <message>
        <source>  %1 curve, %2, a·w^α·log2(1+β·w): a %3 ± %4, α %5 ± %6, β %7 ± %8</source>
        <translation>  %1 曲线，%2，a·w^α·log2(1+β·w)：a %3 ± %4，α %5 ± %6，β %7 ± %8</translation>
    </message>
    <message>
        <source>c %1 ± %2, b %3 ± %4 per 1K tokens</source>
        <translation>c %1 ± %2，b 每千词元 %3 ± %4</translation>
    </message>
    <message>
        <source>up to %L1: %2</source>
        <translation>至 %L1：%2</translation>
    </message>
    <message>
        <source>past %L1: %2</source>
        <translation>超过 %L1：%2</translation>
    </message>
    <message>
        <source>  %1 curve, %2, c + b·w: %3</source>
        <translation>  %1 曲线，%2，c + b·w：%3</translation>
    </message>
    <message>
        <source> (chosen by AICc over %1)</source>
        <translation>（按 AICc 优于 %1 选出）</translation>
    </message>
    <message>
        <source>  the model did not repeat the planted fact even at %1 tokens, so the fact was not used: the window was judged from errors and the prompt tokens the provider reported</source>
        <translation>  模型在 %1 个词元时也未复述埋入的事实，因此未使用该事实：窗口仅依据错误和服务商报告的提示词元数判断</translation>
    </message>
    <message numerus="yes">
        <source>  recall: the fact was not repeated in %n prompt(s) taken whole, from %1 tokens (it was at %2): a finding on the model&apos;s recall, not on its window</source>
        <translation>
            <numerusform>  召回：在 %n 个被完整接收的提示中事实未被复述，从 %1 个词元起（在 %2 个词元时曾复述）：这是关于模型召回能力的发现，而非其窗口</numerusform>
        </translation>
    </message>
    <message>
        <source>the model never repeated the fact, so recall cannot tell when the history lost it</source>
        <translation>模型从未复述该事实，因此召回无法说明历史何时丢失了它</translation>
    </message>
    <message>
        <source>  the provider cut the prompt without an error from turn %1 on: the early turns were dropped</source>
        <translation>  从第 %1 轮起服务商在无错误的情况下截断了提示：较早的轮次被丢弃</translation>
    </message>
    <message>
        <source>power law with log term</source>
        <translation>带对数项的幂律</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>线性</translation>
    </message>
    <message>
        <source>tiered linear</source>
        <translation>分档线性</translation>
    </message>
</context>
<context>
    <name>ys::LatencyDistributionChart</name>
    <message>
        <source>End-to-end</source>
        <translation>端到端</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <source>Cumulative distribution</source>
        <translation>累积分布</translation>
    </message>
    <message>
        <source>Share of successful attempts</source>
        <translation>成功尝试的占比</translation>
    </message>
    <message>
        <source>Box: quartiles, whiskers at 1.5 IQR</source>
        <translation>箱体：四分位数，须线位于 1.5 IQR</translation>
    </message>
    <message>
        <source>Latency:</source>
        <translation>延迟：</translation>
    </message>
    <message>
        <source>End-to-end (ms)</source>
        <translation>端到端 (ms)</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT (ms)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n beyond the whiskers)</source>
        <translation>
            <numerusform>%1（%n 个超出须线）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::LatencyPhasesModel</name>
    <message>
        <source>%1 (n = %2)</source>
        <translation>%1（n = %2）</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>TTFB P50 (ms)</source>
        <translation>TTFB P50 (ms)</translation>
    </message>
    <message>
        <source>From sending the request to the response&apos;s headers</source>
        <translation>从发出请求到收到响应头</translation>
    </message>
    <message>
        <source>TTFB P95 (ms)</source>
        <translation>TTFB P95 (ms)</translation>
    </message>
    <message>
        <source>TPOT P50 (ms)</source>
        <translation>TPOT P50 (ms)</translation>
    </message>
    <message>
        <source>Time per output token after the first: (end − first token) / (output tokens − 1)</source>
        <translation>首个 token 之后每个输出 token 的时间：(结束 − 首个 token) / (输出 token 数 − 1)</translation>
    </message>
    <message>
        <source>TPOT P95 (ms)</source>
        <translation>TPOT P95 (ms)</translation>
    </message>
    <message>
        <source>ITL mean (ms)</source>
        <translation>ITL 均值 (ms)</translation>
    </message>
    <message>
        <source>Inter-token latency: the gaps between the stream&apos;s deliveries</source>
        <translation>token 间延迟：流式响应各次交付之间的间隔</translation>
    </message>
    <message>
        <source>ITL P99 (ms)</source>
        <translation>ITL P99 (ms)</translation>
    </message>
    <message>
        <source>TTFT cold P50 (ms)</source>
        <translation>TTFT 新连接 P50 (ms)</translation>
    </message>
    <message>
        <source>Attempts that opened a new connection</source>
        <translation>新建连接的尝试</translation>
    </message>
    <message>
        <source>TTFT warm P50 (ms)</source>
        <translation>TTFT 复用连接 P50 (ms)</translation>
    </message>
    <message>
        <source>Attempts on a reused connection</source>
        <translation>复用连接的尝试</translation>
    </message>
    <message>
        <source>Connect P50 (ms)</source>
        <translation>建连 P50 (ms)</translation>
    </message>
    <message>
        <source>TLS P50 (ms)</source>
        <translation>TLS P50 (ms)</translation>
    </message>
    <message>
        <source>From the start of connecting to the end of the TLS handshake</source>
        <translation>从开始建连到 TLS 握手完成</translation>
    </message>
    <message>
        <source>SLO met</source>
        <translation>SLO 达成</translation>
    </message>
    <message>
        <source>%1% (%2 of %3)</source>
        <translation>%1%（%3 个中 %2 个）</translation>
    </message>
    <message>
        <source>Requests that succeeded and met every objective the suite&apos;s requirements set</source>
        <translation>成功且满足套件要求中全部目标的请求</translation>
    </message>
    <message>
        <source>Goodput (req/s)</source>
        <translation>有效吞吐（请求/秒）</translation>
    </message>
    <message>
        <source>Requests that met the objectives, per second of the run</source>
        <translation>运行期间每秒满足目标的请求数</translation>
    </message>
    <message>
        <source>TTFT ≤ %1 ms</source>
        <translation>TTFT ≤ %1 ms</translation>
    </message>
    <message>
        <source>TPOT ≤ %1 ms</source>
        <translation>TPOT ≤ %1 ms</translation>
    </message>
    <message>
        <source>E2E ≤ %1 ms</source>
        <translation>E2E ≤ %1 ms</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Tool arguments P50 (ms)</source>
        <translation>工具参数 P50 (ms)</translation>
    </message>
    <message>
        <source>From sending the request to a tool call&apos;s complete arguments: when a client can call the function</source>
        <translation>从发送请求到工具调用的参数完整：客户端此时才能调用该函数</translation>
    </message>
</context>
<context>
    <name>ys::LatencyPhasesView</name>
    <message>
        <source>Select a session to see where its latency goes.</source>
        <translation>选择一个会话以查看其延迟的构成。</translation>
    </message>
    <message>
        <source>The headline latency run of each provider. Set service-level objectives (TTFT, TPOT or E2E in the suite&apos;s requirements) to see the share of requests that met them and the goodput.</source>
        <translation>各服务商的主延迟运行。在套件的要求中设置服务等级目标（TTFT、TPOT 或 E2E），即可查看满足目标的请求占比和有效吞吐。</translation>
    </message>
    <message>
        <source>The headline latency run of each provider; SLO met and goodput against the suite&apos;s objectives: %1.</source>
        <translation>各服务商的主延迟运行；SLO 达成率和有效吞吐按套件目标计算：%1。</translation>
    </message>
</context>
<context>
    <name>ys::LiteLlmExport</name>
    <message>
        <source>%1: api_key left out: its key is in the keychain (%2), which LiteLLM does not read; put it in an environment variable and set api_key: os.environ/NAME</source>
        <translation>%1：已略去 api_key：其密钥存放在钥匙串中（%2），LiteLLM 无法读取；请将其放入环境变量，并设置 api_key: os.environ/NAME</translation>
    </message>
    <message>
        <source>%1: api_key left out: it is not a key reference (env:NAME); the value is not written</source>
        <translation>%1：已略去 api_key：它不是密钥引用（env:NAME）；不会写入该值</translation>
    </message>
    <message>
        <source>LiteLLM configuration: no provider &quot;%1&quot; to route to</source>
        <translation>LiteLLM 配置：没有可路由到的服务商“%1”</translation>
    </message>
    <message>
        <source>LiteLLM configuration: %1</source>
        <translation>LiteLLM 配置：%1</translation>
    </message>
</context>
<context>
    <name>ys::LiveRunModel</name>
    <message>
        <source>No run yet. Start a suite and its progress shows here.</source>
        <translation>尚无运行。启动一个套件后，其进度将显示在此处。</translation>
    </message>
    <message numerus="yes">
        <source>Running: %1 of %2 requests done, %n attempt(s) landed</source>
        <translation>
            <numerusform>正在运行：%2 个请求中已完成 %1 个，%n 次尝试已返回</numerusform>
        </translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message numerus="yes">
        <source>Session %1 %2: %3 of %4 requests done, %n attempt(s) kept</source>
        <translation>
            <numerusform>会话 %1 %2：%4 个请求中已完成 %3 个，保留了 %n 次尝试</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>正在测量…</translation>
    </message>
    <message>
        <source>%1 / %2 (%3%)</source>
        <translation>%1 / %2（%3%）</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Requests done</source>
        <translation>已完成请求</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Failures by outcome</source>
        <translation>按结果分类的失败</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
</context>
<context>
    <name>ys::LiveSeriesChart</name>
    <message>
        <source>Time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Time into the run (s)</source>
        <translation>运行已用时间 (s)</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT (ms)</translation>
    </message>
    <message>
        <source>Output tokens/s</source>
        <translation>输出 tokens/s</translation>
    </message>
    <message>
        <source>Server queue</source>
        <translation>服务器队列</translation>
    </message>
    <message>
        <source>Requests waiting</source>
        <translation>等待中的请求</translation>
    </message>
</context>
<context>
    <name>ys::LoadRunner</name>
    <message>
        <source>The provider reported %1 prompt tokens for a prompt of %2 tokens: it dropped part of the prompt without an error</source>
        <translation>服务商报告的提示 token 为 %1，而发送的提示为 %2 个 token：它在未报错的情况下丢弃了部分提示</translation>
    </message>
    <message>
        <source>; not retried: the server asked for a wait longer than the %1 s cap</source>
        <translation>；未重试：服务器要求的等待时间超过 %1 秒上限</translation>
    </message>
</context>
<context>
    <name>ys::Log</name>
    <message>
        <source>Cannot open the log file %1: %2</source>
        <translation>无法打开日志文件 %1：%2</translation>
    </message>
    <message>
        <source>Cannot create the log folder %1</source>
        <translation>无法创建日志文件夹 %1</translation>
    </message>
</context>
<context>
    <name>ys::MainWindow</name>
    <message>
        <source>Yardstick — %1</source>
        <translation>Yardstick — %1</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Session %1: %2</source>
        <translation>会话 %1：%2</translation>
    </message>
    <message>
        <source>Run &amp;demo</source>
        <translation>运行演示(&amp;D)</translation>
    </message>
    <message>
        <source>Benchmark the built-in simulated providers</source>
        <translation>对内置的模拟服务商进行基准测试</translation>
    </message>
    <message>
        <source>&amp;Re-run provider</source>
        <translation>重新运行服务商(&amp;R)</translation>
    </message>
    <message>
        <source>Run the selected provider again, as a new run in this session</source>
        <translation>再次运行所选服务商，作为本会话中的一次新运行</translation>
    </message>
    <message>
        <source>&amp;Cancel run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export chart…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Yardstick</source>
        <translation>Yardstick</translation>
    </message>
    <message>
        <source>The estimated cost of this session exceeds its budget.</source>
        <translation>本次会话的预估成本超出了预算。</translation>
    </message>
    <message>
        <source>%1.

The estimate counts every planned request at its full prompt and output limit. Run it anyway? The spend is still watched, and the session stops when it reaches the budget.</source>
        <translation>%1。

预估按每个计划请求的完整提示词和输出上限计算。仍要运行吗？运行中仍会跟踪花费，达到预算时会话即停止。</translation>
    </message>
    <message>
        <source>Run anyway</source>
        <translation>仍然运行</translation>
    </message>
    <message>
        <source>Do not run</source>
        <translation>不运行</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Suite</source>
        <translation>套件</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>TCO</source>
        <translation>TCO</translation>
    </message>
    <message>
        <source>Re-run of %1 ended: History compares it with the run before it.</source>
        <translation>%1 的重新运行已结束：“历史”页将其与上一次运行对比。</translation>
    </message>
    <message>
        <source>Export &amp;table…</source>
        <translation>导出表格(&amp;T)…</translation>
    </message>
    <message>
        <source>Save the table of this page as CSV or as an Excel workbook</source>
        <translation>将此页面的表格保存为 CSV 或 Excel 工作簿</translation>
    </message>
    <message>
        <source>Report saved to %1</source>
        <translation>报告已保存到 %1</translation>
    </message>
    <message>
        <source>This page has no table to export</source>
        <translation>此页面没有可导出的表格</translation>
    </message>
    <message>
        <source>Bill</source>
        <translation>账单</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>团队</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>推荐</translation>
    </message>
</context>
<context>
    <name>ys::MetricsHttpServer</name>
    <message>
        <source>&quot;%1&quot; is not HOST:PORT</source>
        <translation>“%1”不是 HOST:PORT</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: the port must be a number from 0 to 65535</source>
        <translation>“%1”：端口必须是 0 到 65535 之间的数字</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: &quot;%2&quot; is not an IP address</source>
        <translation>“%1”：“%2”不是 IP 地址</translation>
    </message>
    <message>
        <source>cannot listen on %1: %2</source>
        <translation>无法在 %1 上监听：%2</translation>
    </message>
</context>
<context>
    <name>ys::OutcomeText</name>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>cut by the output limit</source>
        <translation>被输出上限截断</translation>
    </message>
    <message>
        <source>context exceeded</source>
        <translation>超出上下文</translation>
    </message>
    <message>
        <source>prompt silently truncated</source>
        <translation>提示词被静默截断</translation>
    </message>
    <message>
        <source>rate limited</source>
        <translation>触发限流</translation>
    </message>
    <message>
        <source>quota exhausted</source>
        <translation>配额耗尽</translation>
    </message>
    <message>
        <source>overloaded</source>
        <translation>服务过载</translation>
    </message>
    <message>
        <source>server error</source>
        <translation>服务器错误</translation>
    </message>
    <message>
        <source>client error</source>
        <translation>客户端错误</translation>
    </message>
    <message>
        <source>authentication error</source>
        <translation>认证错误</translation>
    </message>
    <message>
        <source>connect timeout</source>
        <translation>连接超时</translation>
    </message>
    <message>
        <source>first-token timeout</source>
        <translation>首 token 超时</translation>
    </message>
    <message>
        <source>idle timeout</source>
        <translation>空闲超时</translation>
    </message>
    <message>
        <source>total timeout</source>
        <translation>总超时</translation>
    </message>
    <message>
        <source>error in the stream</source>
        <translation>流中出错</translation>
    </message>
    <message>
        <source>stream cut</source>
        <translation>流被中断</translation>
    </message>
    <message>
        <source>malformed stream</source>
        <translation>流格式错误</translation>
    </message>
    <message>
        <source>connection error</source>
        <translation>连接错误</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>empty response</source>
        <translation>空响应</translation>
    </message>
    <message>
        <source>TLS error</source>
        <translation>TLS 错误</translation>
    </message>
</context>
<context>
    <name>ys::ParetoChart</name>
    <message>
        <source>Log axes</source>
        <translation>对数坐标轴</translation>
    </message>
    <message>
        <source>Latency vs cost</source>
        <translation>延迟与成本</translation>
    </message>
    <message>
        <source>&amp;Latency:</source>
        <translation>延迟(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Cost:</source>
        <translation>成本(&amp;C)：</translation>
    </message>
    <message>
        <source>%1 (ms)</source>
        <translation>%1 (ms)</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Latency vs cost: no provider has both figures</source>
        <translation>延迟与成本：没有服务商同时具备这两项数据</translation>
    </message>
    <message>
        <source>Passes the gates</source>
        <translation>通过门槛</translation>
    </message>
    <message>
        <source>%1 ≤ %2 ms</source>
        <translation>%1 ≤ %2 ms</translation>
    </message>
    <message>
        <source>≤ $%1 / 1K</source>
        <translation>≤ $%1 / 1K</translation>
    </message>
    <message>
        <source>Re-run this provider</source>
        <translation>重新运行此服务商</translation>
    </message>
    <message>
        <source>Select %1</source>
        <translation>选择 %1</translation>
    </message>
</context>
<context>
    <name>ys::ParetoModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>steep</source>
        <translation>陡峭</translation>
    </message>
    <message>
        <source>flat</source>
        <translation>平缓</translation>
    </message>
    <message>
        <source>even</source>
        <translation>均衡</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>$/1K measured</source>
        <translation>实测 $/1K</translation>
    </message>
    <message>
        <source>$/1K low</source>
        <translation>$/1K 下限</translation>
    </message>
    <message>
        <source>$/1K high</source>
        <translation>$/1K 上限</translation>
    </message>
    <message>
        <source>Latency (ms)</source>
        <translation>延迟（ms）</translation>
    </message>
    <message>
        <source>Latency low</source>
        <translation>延迟下限</translation>
    </message>
    <message>
        <source>Latency high</source>
        <translation>延迟上限</translation>
    </message>
    <message>
        <source>On front</source>
        <translation>在前沿上</translation>
    </message>
    <message>
        <source>Knee</source>
        <translation>拐点</translation>
    </message>
    <message>
        <source>Next segment</source>
        <translation>下一段</translation>
    </message>
</context>
<context>
    <name>ys::ParetoPlot</name>
    <message>
        <source>End-to-end P95</source>
        <translation>端到端 P95</translation>
    </message>
    <message>
        <source>TTFT P95</source>
        <translation>TTFT P95</translation>
    </message>
    <message>
        <source>$ per 1K tokens, measured</source>
        <translation>$ / 1K tokens（实测）</translation>
    </message>
    <message>
        <source>$ per 1K tokens, list</source>
        <translation>$ / 1K tokens（标价）</translation>
    </message>
    <message>
        <source>%1: %2 ms%3</source>
        <translation>%1：%2 ms%3</translation>
    </message>
    <message>
        <source>%1: $%2%3</source>
        <translation>%1：$%2%3</translation>
    </message>
    <message>
        <source>On the Pareto front</source>
        <translation>位于帕累托前沿</translation>
    </message>
    <message>
        <source>Dominated: another provider is no dearer and no slower</source>
        <translation>被支配：另有服务商既不更贵也不更慢</translation>
    </message>
    <message>
        <source>Inside the gate lines</source>
        <translation>在门槛线以内</translation>
    </message>
    <message>
        <source>Outside the gate lines</source>
        <translation>在门槛线以外</translation>
    </message>
    <message>
        <source>End-to-end P99 (from the attempt&apos;s start)</source>
        <translation>端到端 P99（自尝试开始计）</translation>
    </message>
</context>
<context>
    <name>ys::PgLocation</name>
    <message>
        <source>%1 is not a usable PostgreSQL address: %2 (the form is postgresql://user@host[:port]/database)</source>
        <translation>%1 不是可用的 PostgreSQL 地址：%2（格式为 postgresql://user@host[:port]/database）</translation>
    </message>
    <message>
        <source>%1: a password in the address is refused, since it would show in process lists, logs and shell history. Give it in PGPASSWORD or ~/.pgpass, or name a key with ?password_ref=env:NAME.</source>
        <translation>%1：地址中不接受密码，因为它会出现在进程列表、日志和 shell 历史中。请通过 PGPASSWORD 或 ~/.pgpass 提供，或用 ?password_ref=env:NAME 指定密钥。</translation>
    </message>
    <message>
        <source>the port &quot;%1&quot; is not a number from 1 to 65535</source>
        <translation>端口“%1”不是 1 到 65535 之间的数字</translation>
    </message>
    <message>
        <source>the scheme must be postgresql://</source>
        <translation>协议必须是 postgresql://</translation>
    </message>
    <message>
        <source>it names no host</source>
        <translation>未指定主机</translation>
    </message>
    <message>
        <source>the port &quot;0&quot; is not a number from 1 to 65535</source>
        <translation>端口“0”不是 1 到 65535 之间的数字</translation>
    </message>
    <message>
        <source>it names no database (…/database at the end)</source>
        <translation>未指定数据库（末尾应为 …/database）</translation>
    </message>
    <message>
        <source>the database name &quot;%1&quot; holds a &apos;/&apos;</source>
        <translation>数据库名“%1”中含有“/”</translation>
    </message>
    <message>
        <source>sslmode &quot;%1&quot; is not one of %2</source>
        <translation>sslmode“%1”不是 %2 之一</translation>
    </message>
    <message>
        <source>connect_timeout &quot;%1&quot; is not a whole number of seconds</source>
        <translation>connect_timeout“%1”不是整数秒</translation>
    </message>
    <message>
        <source>the parameter &quot;%1&quot; is not known (known: password_ref, sslmode, connect_timeout)</source>
        <translation>未知参数“%1”（可用：password_ref、sslmode、connect_timeout）</translation>
    </message>
</context>
<context>
    <name>ys::PriceCatalog</name>
    <message>
        <source>%1: expected a clause object with one of equals, starts_with, ends_with, contains, regex, or, and</source>
        <translation>%1：应为含 equals、starts_with、ends_with、contains、regex、or、and 之一的子句对象</translation>
    </message>
    <message>
        <source>%1.%2: expected a list of clauses</source>
        <translation>%1.%2：应为子句列表</translation>
    </message>
    <message>
        <source>%1: unknown clause &quot;%2&quot;</source>
        <translation>%1：未知子句 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1.%2: expected a string</source>
        <translation>%1.%2：应为字符串</translation>
    </message>
    <message>
        <source>%1.regex: %2</source>
        <translation>%1.regex：%2</translation>
    </message>
    <message>
        <source>Price catalog %1: %2</source>
        <translation>价格目录 %1：%2</translation>
    </message>
    <message>
        <source>not valid JSON</source>
        <translation>不是有效的 JSON</translation>
    </message>
    <message>
        <source>expected a list of providers</source>
        <translation>应为服务商列表</translation>
    </message>
    <message>
        <source>%1: expected a provider with an id</source>
        <translation>%1：应为带 id 的服务商</translation>
    </message>
    <message>
        <source>%1.api_pattern: expected a string</source>
        <translation>%1.api_pattern：应为字符串</translation>
    </message>
    <message>
        <source>%1.api_pattern: %2</source>
        <translation>%1.api_pattern：%2</translation>
    </message>
    <message>
        <source>%1.models: expected a list of models</source>
        <translation>%1.models：应为模型列表</translation>
    </message>
    <message>
        <source>%1: expected a model with an id</source>
        <translation>%1：应为带 id 的模型</translation>
    </message>
    <message>
        <source>%1: no match clause</source>
        <translation>%1：没有匹配子句</translation>
    </message>
    <message>
        <source>%1: no prices</source>
        <translation>%1：没有价格</translation>
    </message>
    <message>
        <source>Price catalog %1: cannot read it: %2</source>
        <translation>价格目录 %1：无法读取：%2</translation>
    </message>
    <message>
        <source>%1 (from YS_PRICE_CATALOG)</source>
        <translation>%1（来自 YS_PRICE_CATALOG）</translation>
    </message>
    <message>
        <source>%1: a price must not be negative</source>
        <translation>%1：价格不能为负数</translation>
    </message>
    <message>
        <source>%1: expected a number or {&quot;base&quot;, &quot;tiers&quot;}</source>
        <translation>%1：应为数字或 {&quot;base&quot;, &quot;tiers&quot;}</translation>
    </message>
    <message>
        <source>%1.tiers: expected an array</source>
        <translation>%1.tiers：应为数组</translation>
    </message>
    <message>
        <source>%1.tiers[%2]: expected {&quot;start&quot;: an integer, &quot;price&quot;: a number}</source>
        <translation>%1.tiers[%2]：应为 {&quot;start&quot;: 整数, &quot;price&quot;: 数字}</translation>
    </message>
    <message>
        <source>%1: expected an object of prices</source>
        <translation>%1：应为价格对象</translation>
    </message>
    <message>
        <source>%1: expected a price of zero or more</source>
        <translation>%1：价格应大于或等于零</translation>
    </message>
    <message>
        <source>%1: expected an object</source>
        <translation>%1：应为对象</translation>
    </message>
    <message>
        <source>%1.start_date: expected a date YYYY-MM-DD</source>
        <translation>%1.start_date：应为 YYYY-MM-DD 格式的日期</translation>
    </message>
    <message>
        <source>%1: expected start_time and end_time as HH:MM:SS with a UTC offset such as Z</source>
        <translation>%1：start_time 和 end_time 应为带 UTC 偏移（如 Z）的 HH:MM:SS</translation>
    </message>
    <message>
        <source>%1: expected start_date, or start_time and end_time</source>
        <translation>%1：应为 start_date，或 start_time 与 end_time</translation>
    </message>
    <message>
        <source>%1: expected at least one price</source>
        <translation>%1：至少需要一个价格</translation>
    </message>
    <message>
        <source>%1: expected {&quot;constraint&quot;, &quot;prices&quot;}</source>
        <translation>%1：应为 {&quot;constraint&quot;, &quot;prices&quot;}</translation>
    </message>
    <message>
        <source>%1: expected {&quot;source&quot;, &quot;prices&quot;}</source>
        <translation>%1：应为 {&quot;source&quot;, &quot;prices&quot;}</translation>
    </message>
</context>
<context>
    <name>ys::PriceResolution</name>
    <message>
        <source>%1: the price catalog (%2, %3) has no entry &quot;%4&quot;</source>
        <translation>%1：价格目录（%2，%3）中没有条目 &quot;%4&quot;</translation>
    </message>
    <message>
        <source>%1: model &quot;%2&quot; is not in the price catalog (%3) and the suite gives it no whole price: its cost is unknown</source>
        <translation>%1：模型 &quot;%2&quot; 不在价格目录（%3）中，套件也没有给出完整价格：其成本未知</translation>
    </message>
</context>
<context>
    <name>ys::PriceSourceText</name>
    <message>
        <source>price: unknown (not in the price catalog, none in the suite): cost not counted</source>
        <translation>价格：未知（价格目录中没有，套件中也没有）：不计成本</translation>
    </message>
    <message>
        <source>$%1 in, $%2 out per 1M tokens%3%4</source>
        <translation>每 1M token 输入 $%1、输出 $%2%3%4</translation>
    </message>
    <message>
        <source>, tiered by prompt size</source>
        <translation>，按提示词大小分档</translation>
    </message>
    <message>
        <source>, varies with the time of day or date</source>
        <translation>，随时段或日期变化</translation>
    </message>
    <message>
        <source>price: catalog %1 (catalog of %2): %3</source>
        <translation>价格：目录 %1（%2 版目录）：%3</translation>
    </message>
    <message>
        <source>price: catalog %1 (catalog of %2) with the suite&apos;s fields: %3</source>
        <translation>价格：目录 %1（%2 版目录），并采用套件中的字段：%3</translation>
    </message>
    <message>
        <source>price: suite: %1</source>
        <translation>价格：套件：%1</translation>
    </message>
</context>
<context>
    <name>ys::PromText</name>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
</context>
<context>
    <name>ys::PromptBuilder</name>
    <message>
        <source>The target size must be at least one token.</source>
        <translation>目标大小必须至少为一个 token。</translation>
    </message>
    <message>
        <source>The shared prefix must be smaller than the target size.</source>
        <translation>共享前缀必须小于目标大小。</translation>
    </message>
    <message>
        <source>The needle depth must be between 0 and 1.</source>
        <translation>“针”的插入深度必须介于 0 到 1 之间。</translation>
    </message>
    <message>
        <source>Cannot build a shared prefix of %1 tokens.</source>
        <translation>无法构建 %1 个 token 的共享前缀。</translation>
    </message>
    <message>
        <source>%1 tokens are too few for this prompt: its fixed parts alone take %2.</source>
        <translation>%1 个 token 对此提示词而言太少：仅其固定部分就占用 %2。</translation>
    </message>
    <message>
        <source>Cannot fill a prompt of %1 tokens from this corpus.</source>
        <translation>无法用此语料库填满 %1 个 token 的提示词。</translation>
    </message>
    <message>
        <source>Cannot build a prompt of exactly %1 tokens.</source>
        <translation>无法构建恰好 %1 个 token 的提示词。</translation>
    </message>
    <message>
        <source>A conversation needs at least one turn.</source>
        <translation>对话至少需要一轮。</translation>
    </message>
    <message>
        <source>%1 tokens are too few for %2 turns.</source>
        <translation>%1 个 token 不足以容纳 %2 轮对话。</translation>
    </message>
    <message>
        <source>Cannot fill a conversation of %1 tokens from this corpus.</source>
        <translation>无法用此语料库填满 %1 个 token 的对话。</translation>
    </message>
</context>
<context>
    <name>ys::ProviderDialog</name>
    <message>
        <source>Add provider</source>
        <translation>添加服务商</translation>
    </message>
    <message>
        <source>Edit provider %1</source>
        <translation>编辑服务商 %1</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Sends one short streaming request (a few tokens) to the provider</source>
        <translation>向服务商发送一个简短的流式请求（少量 tokens）</translation>
    </message>
    <message>
        <source>Price catalog</source>
        <translation>价格目录</translation>
    </message>
    <message>
        <source>Filter by provider or model, e.g. &quot;openai mini&quot;</source>
        <translation>按服务商或模型筛选，例如“openai mini”</translation>
    </message>
    <message>
        <source>Use this model</source>
        <translation>使用此模型</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>e.g. DeepSeek chat</source>
        <translation>例如 DeepSeek chat</translation>
    </message>
    <message>
        <source>http://127.0.0.1:8000/v1</source>
        <translation>http://127.0.0.1:8000/v1</translation>
    </message>
    <message>
        <source>typed, or picked from the catalog</source>
        <translation>手动输入，或从目录中选取</translation>
    </message>
    <message>
        <source>env:NAME or keychain:NAME</source>
        <translation>env:NAME 或 keychain:NAME</translation>
    </message>
    <message>
        <source>Where the key is kept, never the key itself: an environment variable (env:NAME) or an entry of the system keychain (keychain:NAME)</source>
        <translation>密钥的存放位置，而非密钥本身：环境变量（env:NAME）或系统钥匙串中的条目（keychain:NAME）</translation>
    </message>
    <message>
        <source>$ per 1M tokens</source>
        <translation>$ / 1M tokens</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>tokens</translation>
    </message>
    <message>
        <source>Not linked to a catalog entry: the price fields are the provider&apos;s own (empty: looked up in the catalog by address and model when a session starts).</source>
        <translation>未关联目录条目：价格字段为该服务商自己的价格（留空则在会话启动时按地址和模型在目录中查找）。</translation>
    </message>
    <message>
        <source>Priced from the catalog entry %1 (catalog of %2); a price you change overrides the catalog&apos;s.</source>
        <translation>价格取自目录条目 %1（目录日期：%2）；您修改的价格将覆盖目录中的价格。</translation>
    </message>
    <message>
        <source>unknown date</source>
        <translation>未知日期</translation>
    </message>
    <message>
        <source>Correct the fields marked first.</source>
        <translation>请先更正标记的字段。</translation>
    </message>
    <message>
        <source>Testing %1…</source>
        <translation>正在测试 %1…</translation>
    </message>
    <message>
        <source>from HTTPS_PROXY / NO_PROXY; or http://HOST:PORT, or direct</source>
        <translation>取自 HTTPS_PROXY / NO_PROXY；或 http://主机:端口，或 direct</translation>
    </message>
    <message>
        <source>Empty: the environment decides (HTTPS_PROXY, HTTP_PROXY, NO_PROXY). direct: never a proxy. http://HOST:PORT: this forward proxy, whatever NO_PROXY says</source>
        <translation>留空：由环境变量决定（HTTPS_PROXY、HTTP_PROXY、NO_PROXY）。direct：从不使用代理。http://主机:端口：使用此正向代理，不受 NO_PROXY 影响</translation>
    </message>
    <message>
        <source>env:NAME or keychain:NAME holding user:password</source>
        <translation>env:NAME 或 keychain:NAME，其中保存 用户:密码</translation>
    </message>
    <message>
        <source>PEM file of a private CA to trust</source>
        <translation>要信任的私有 CA 的 PEM 文件</translation>
    </message>
    <message>
        <source>PEM file, for mutual TLS</source>
        <translation>PEM 文件，用于双向 TLS</translation>
    </message>
    <message>
        <source>its unencrypted PEM key</source>
        <translation>其未加密的 PEM 私钥</translation>
    </message>
    <message>
        <source>Endpoint and price</source>
        <translation>端点与价格</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>运维</translation>
    </message>
    <message>
        <source>How this provider is reached: a forward proxy, a private certificate authority, a client certificate, the HTTP version.</source>
        <translation>如何连接此服务商：正向代理、私有证书颁发机构、客户端证书、HTTP 版本。</translation>
    </message>
    <message>
        <source>A self-hosted server&apos;s own metrics, read during each run; a circuit breaker that stops sending while the provider keeps failing; and the providers of this suite that take a request it refused or failed.</source>
        <translation>自托管服务器自身的指标（每次运行期间读取）；在服务商持续失败时停止发送的熔断器；以及接手其拒绝或失败请求的本套件其他服务商。</translation>
    </message>
    <message>
        <source>empty: none; e.g. http://127.0.0.1:8000/metrics</source>
        <translation>留空：不抓取；例如 http://127.0.0.1:8000/metrics</translation>
    </message>
    <message>
        <source>A Prometheus text endpoint (vLLM, llama.cpp with --metrics, TGI), scraped on a connection of its own, never a measuring one</source>
        <translation>Prometheus 文本端点（vLLM、带 --metrics 的 llama.cpp、TGI），通过单独的连接抓取，绝不占用测量连接</translation>
    </message>
    <message>
        <source>milliseconds between scrapes</source>
        <translation>两次抓取之间的毫秒数</translation>
    </message>
    <message>
        <source>empty: every sample; or names separated by commas</source>
        <translation>留空：保留所有样本；或用逗号分隔的名称</translation>
    </message>
    <message>
        <source>empty: no breaker; failures that open it</source>
        <translation>留空：不使用熔断器；触发熔断的失败次数</translation>
    </message>
    <message>
        <source>A benchmark normally wants every failure measured: leave it empty unless the suite tests resilience</source>
        <translation>基准测试通常需要测量每一次失败：除非套件测试韧性，否则请留空</translation>
    </message>
    <message>
        <source>seconds the failures are counted in</source>
        <translation>统计失败的时间窗口（秒）</translation>
    </message>
    <message>
        <source>seconds it refuses before probing</source>
        <translation>探测前拒绝请求的秒数</translation>
    </message>
    <message>
        <source>requests let through half-open</source>
        <translation>半开时放行的请求数</translation>
    </message>
    <message>
        <source>other providers of this suite, in order, separated by commas</source>
        <translation>本套件的其他服务商，按顺序，用逗号分隔</translation>
    </message>
</context>
<context>
    <name>ys::ProviderForm</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Dialect</source>
        <translation>方言</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Key reference</source>
        <translation>密钥引用</translation>
    </message>
    <message>
        <source>Input price</source>
        <translation>输入价格</translation>
    </message>
    <message>
        <source>Cached input price</source>
        <translation>缓存输入价格</translation>
    </message>
    <message>
        <source>Output price</source>
        <translation>输出价格</translation>
    </message>
    <message>
        <source>Cache write price</source>
        <translation>缓存写入价格</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>Key reference: give a reference, never the key itself. Store the key in an environment variable or the system keychain and enter env:NAME or keychain:NAME here</source>
        <translation>密钥引用：请填写引用，切勿填写密钥本身。请将密钥存放在环境变量或系统钥匙串中，并在此处输入 env:NAME 或 keychain:NAME</translation>
    </message>
    <message>
        <source>Name: must not be empty</source>
        <translation>名称：不能为空</translation>
    </message>
    <message>
        <source>Name: &quot;%1&quot; is already used by another provider of this suite</source>
        <translation>名称：“%1”已被此套件中的另一个服务商使用</translation>
    </message>
    <message>
        <source>Dialect: choose one of %1</source>
        <translation>方言：请从 %1 中选择一个</translation>
    </message>
    <message>
        <source>Base URL: must not be empty</source>
        <translation>基础 URL：不能为空</translation>
    </message>
    <message>
        <source>Base URL: &quot;%1&quot; is not an http:// or https:// URL</source>
        <translation>基础 URL：“%1”不是 http:// 或 https:// URL</translation>
    </message>
    <message>
        <source>Model: must not be empty (type it or pick it from the catalog)</source>
        <translation>模型：不能为空（请手动输入或从目录中选取）</translation>
    </message>
    <message>
        <source>Key reference: env: must be followed by the name of an environment variable (letters, digits and _), such as env:OPENAI_API_KEY</source>
        <translation>密钥引用：env: 后必须跟环境变量名（字母、数字和 _），例如 env:OPENAI_API_KEY</translation>
    </message>
    <message>
        <source>Key reference: keychain: must be followed by the name of a keychain entry, without spaces</source>
        <translation>密钥引用：keychain: 后必须跟钥匙串条目名称，且不能含空格</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number (US dollars per million tokens)</source>
        <translation>%1：“%2”不是数字（单位：美元/百万 tokens）</translation>
    </message>
    <message>
        <source>%1: must be zero or more (US dollars per million tokens)</source>
        <translation>%1：必须大于或等于 0（单位：美元/百万 tokens）</translation>
    </message>
    <message>
        <source>Context window: expected a whole number of tokens</source>
        <translation>上下文窗口：应为整数个 tokens</translation>
    </message>
    <message>
        <source>Context window: must be more than 0 tokens</source>
        <translation>上下文窗口：必须大于 0 tokens</translation>
    </message>
    <message>
        <source>Context window: at most %1 tokens</source>
        <translation>上下文窗口：最多 %1 tokens</translation>
    </message>
</context>
<context>
    <name>ys::ProviderNetworkForm</name>
    <message>
        <source>Proxy: must not hold credentials; give them as a reference in Proxy credentials (env:NAME holding user:password)</source>
        <translation>代理：不得包含凭据；请在“代理凭据”中以引用形式给出（env:NAME，其中保存 用户:密码）</translation>
    </message>
    <message>
        <source>Proxy: &quot;%1&quot; is not an http://HOST:PORT proxy address; leave it empty to follow HTTPS_PROXY and NO_PROXY, or enter direct</source>
        <translation>代理：“%1”不是 http://主机:端口 形式的代理地址；留空则遵循 HTTPS_PROXY 和 NO_PROXY，或填写 direct</translation>
    </message>
    <message>
        <source>Proxy credentials: give a reference such as env:NAME or keychain:NAME holding user:password, never the credentials themselves</source>
        <translation>代理凭据：请给出引用，例如保存 用户:密码 的 env:NAME 或 keychain:NAME，绝不能是凭据本身</translation>
    </message>
    <message>
        <source>Proxy credentials: given with the proxy &quot;direct&quot;, which uses none</source>
        <translation>代理凭据：与代理“direct”一同给出，而“direct”不使用代理</translation>
    </message>
    <message>
        <source>Client key: needed with the client certificate (give both or neither)</source>
        <translation>客户端私钥：给出客户端证书时必须一并给出（两者都给或都不给）</translation>
    </message>
    <message>
        <source>Client certificate: needed with the client key (give both or neither)</source>
        <translation>客户端证书：给出客户端私钥时必须一并给出（两者都给或都不给）</translation>
    </message>
    <message>
        <source>HTTP version: &quot;%1&quot; is not one of auto, 1.1, 2</source>
        <translation>HTTP 版本：“%1”不是 auto、1.1、2 之一</translation>
    </message>
    <message>
        <source>Automatic (HTTP/2 where the server offers it)</source>
        <translation>自动（服务器支持时使用 HTTP/2）</translation>
    </message>
    <message>
        <source>HTTP/1.1 (as the official Python SDKs)</source>
        <translation>HTTP/1.1（与官方 Python SDK 相同）</translation>
    </message>
    <message>
        <source>HTTP/2 only</source>
        <translation>仅 HTTP/2</translation>
    </message>
    <message>
        <source>Proxy</source>
        <translation>代理</translation>
    </message>
    <message>
        <source>Proxy credentials</source>
        <translation>代理凭据</translation>
    </message>
    <message>
        <source>CA file</source>
        <translation>CA 文件</translation>
    </message>
    <message>
        <source>Client certificate</source>
        <translation>客户端证书</translation>
    </message>
    <message>
        <source>Client key</source>
        <translation>客户端私钥</translation>
    </message>
    <message>
        <source>HTTP version</source>
        <translation>HTTP 版本</translation>
    </message>
</context>
<context>
    <name>ys::ProviderOperationsForm</name>
    <message>
        <source>%1: &quot;%2&quot; is not an http:// or https:// URL</source>
        <translation>%1：“%2”不是 http:// 或 https:// URL</translation>
    </message>
    <message>
        <source>%1: a whole number of milliseconds from %2 to %3</source>
        <translation>%1：%2 到 %3 之间的整数毫秒</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a metric name (letters, digits, _ and :, not starting with a digit)</source>
        <translation>%1：“%2”不是指标名（字母、数字、_ 和 :，且不以数字开头）</translation>
    </message>
    <message>
        <source>%1: a whole number from 1 to %2, or empty for no breaker</source>
        <translation>%1：1 到 %2 之间的整数，留空则不使用熔断器</translation>
    </message>
    <message>
        <source>%1: seconds, more than 0 and at most %2</source>
        <translation>%1：秒数，大于 0 且不超过 %2</translation>
    </message>
    <message>
        <source>%1: a whole number from 1 to %2</source>
        <translation>%1：1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not another provider of this suite</source>
        <translation>%1：“%2”不是本套件中的另一个服务商</translation>
    </message>
    <message>
        <source>Metrics URL</source>
        <translation>指标 URL</translation>
    </message>
    <message>
        <source>Scrape interval (ms)</source>
        <translation>抓取间隔（毫秒）</translation>
    </message>
    <message>
        <source>Metrics kept</source>
        <translation>保留的指标</translation>
    </message>
    <message>
        <source>Breaker failures</source>
        <translation>熔断失败次数</translation>
    </message>
    <message>
        <source>Breaker window (s)</source>
        <translation>熔断窗口（秒）</translation>
    </message>
    <message>
        <source>Open for (s)</source>
        <translation>断开时长（秒）</translation>
    </message>
    <message>
        <source>Half-open probes</source>
        <translation>半开探测数</translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation>备用</translation>
    </message>
</context>
<context>
    <name>ys::ProviderPresets</name>
    <message>
        <source>Self-hosted vLLM OpenAI-compatible server; reasoning models stream reasoning_content when started with a reasoning parser.</source>
        <translation>自托管的 vLLM OpenAI 兼容服务器；以推理解析器启动时，推理模型会流式输出 reasoning_content。</translation>
    </message>
    <message>
        <source>llama.cpp llama-server; older builds answer an over-long prompt with HTTP 500 exceed_context_size_error.</source>
        <translation>llama.cpp 的 llama-server；旧版本对过长提示返回 HTTP 500 exceed_context_size_error。</translation>
    </message>
    <message>
        <source>Ollama&apos;s /v1 endpoint; it truncates prompts longer than num_ctx silently, so reported prompt tokens are checked against what was sent.</source>
        <translation>Ollama 的 /v1 端点；它会静默截断超过 num_ctx 的提示，因此会将报告的提示 token 数与实际发送的进行核对。</translation>
    </message>
    <message>
        <source>DeepSeek API; deepseek-reasoner streams reasoning_content before the answer.</source>
        <translation>DeepSeek API；deepseek-reasoner 会在答案之前流式输出 reasoning_content。</translation>
    </message>
    <message>
        <source>Alibaba Cloud DashScope in OpenAI-compatible mode; thinking models stream reasoning_content.</source>
        <translation>阿里云百炼（DashScope）OpenAI 兼容模式；思考模型会流式输出 reasoning_content。</translation>
    </message>
    <message>
        <source>Moonshot AI&apos;s Kimi API.</source>
        <translation>月之暗面（Moonshot AI）的 Kimi API。</translation>
    </message>
    <message>
        <source>Zhipu AI BigModel open platform (GLM models).</source>
        <translation>智谱 AI 开放平台 BigModel（GLM 系列模型）。</translation>
    </message>
    <message>
        <source>OpenRouter gateway; the model that served a request is reported per response.</source>
        <translation>OpenRouter 网关；每个响应都会报告实际提供服务的模型。</translation>
    </message>
</context>
<context>
    <name>ys::ProxyResolver</name>
    <message>
        <source>%1: not a proxy address (expected http://HOST:PORT)</source>
        <translation>%1：不是代理地址（应为 http://主机:端口）</translation>
    </message>
    <message>
        <source>%1: %2:// proxies are not supported; use an http:// proxy</source>
        <translation>%1：不支持 %2:// 代理；请使用 http:// 代理</translation>
    </message>
</context>
<context>
    <name>ys::QueueItemsModel</name>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message numerus="yes">
        <source>in %n s</source>
        <translation>
            <numerusform>%n 秒后</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>%n 秒前</numerusform>
        </translation>
    </message>
    <message>
        <source>Item</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Suite</source>
        <translation>套件</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>认领次数</translation>
    </message>
    <message>
        <source>Lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <source>When the worker&apos;s claim ends unless it renews it</source>
        <translation>工作进程的认领在何时到期（除非续约）</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Queued at (UTC)</source>
        <translation>入队时间 (UTC)</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>ys::RecommendationCells</name>
    <message>
        <source>Not measured: nothing to check against %1.</source>
        <translation>未测量：没有可与 %1 对照的数据。</translation>
    </message>
    <message>
        <source>95% interval %1 to %2</source>
        <translation>95% 区间 %1 至 %2</translation>
    </message>
    <message>
        <source>no interval</source>
        <translation>无区间</translation>
    </message>
    <message>
        <source>Holds at the 95% interval (%1).</source>
        <translation>在 95% 区间上也满足（%1）。</translation>
    </message>
    <message>
        <source>Fails, at the 95% interval too (%1).</source>
        <translation>不满足，在 95% 区间上也不满足（%1）。</translation>
    </message>
    <message>
        <source>Holds at the point estimate only: the %1 reaches past %2.</source>
        <translation>仅按点估计满足：%1 越过了 %2。</translation>
    </message>
    <message>
        <source>Fails at the point estimate; the %1 reaches back past %2.</source>
        <translation>按点估计不满足；但 %1 跨回了 %2。</translation>
    </message>
    <message>
        <source>Not decided (%1).</source>
        <translation>无法判定（%1）。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>A document of %1 tokens in chunks of %2 overlapping by %3: %4 chunk(s), the last of %5 tokens; %6 tokens sent in chunks, %7% of the document sent twice.</source>
        <translation>%1 个 token 的文档按每块 %2 个、重叠 %3 个分块：共 %4 块，最后一块 %5 个 token；分块共发送 %6 个 token，文档的 %7% 被发送两次。</translation>
    </message>
    <message>
        <source>%1 call(s) in %2 round(s) of at most %3: %4 input tokens (%5 in the map calls, %6 in the reduce call) and %7 output tokens. One call with the whole document: %8 input tokens.</source>
        <translation>共 %1 次调用，分 %2 轮，每轮最多 %3 次：输入 %4 个 token（映射调用 %5 个，归约调用 %6 个），输出 %7 个 token。整篇文档一次调用：输入 %8 个 token。</translation>
    </message>
</context>
<context>
    <name>ys::RecommendationModel</name>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Standing</source>
        <translation>评定</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Cost a month ($)</source>
        <translation>每月成本 ($)</translation>
    </message>
    <message>
        <source>Cost at %1 a month ($)</source>
        <translation>每月 %1 时的成本 ($)</translation>
    </message>
    <message>
        <source>Left out because</source>
        <translation>排除原因</translation>
    </message>
    <message>
        <source>Risks</source>
        <translation>风险</translation>
    </message>
</context>
<context>
    <name>ys::RecommendationPage</name>
    <message>
        <source>Risks</source>
        <translation>风险</translation>
    </message>
    <message>
        <source>Use case</source>
        <translation>使用场景</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Input and output tokens a month, as the API bills them: the monthly cost is quoted at this volume</source>
        <translation>每月输入和输出 token 数，按 API 计费口径统计：月度成本按此用量计算</translation>
    </message>
    <message>
        <source>Requests per second at the busiest time: a provider rate-limited below it is left out</source>
        <translation>最繁忙时段的每秒请求数：速率限制低于此值的服务商将被排除</translation>
    </message>
    <message>
        <source>Long documents</source>
        <translation>长文档</translation>
    </message>
    <message>
        <source>None found.</source>
        <translation>未发现。</translation>
    </message>
    <message>
        <source>Routing</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>Save policy…</source>
        <translation>保存策略…</translation>
    </message>
    <message>
        <source>Save the routing policy as a yardstick-routing/1 JSON file</source>
        <translation>将路由策略保存为 yardstick-routing/1 JSON 文件</translation>
    </message>
    <message>
        <source>Save LiteLLM configuration…</source>
        <translation>保存 LiteLLM 配置…</translation>
    </message>
    <message>
        <source>Save the routing policy as a LiteLLM proxy config.yaml: the providers of its chain, their fallbacks and the router&apos;s retries, timeout and cooldown</source>
        <translation>将路由策略保存为 LiteLLM 代理的 config.yaml：链中的服务商、其备用顺序，以及路由器的重试、超时和冷却时间</translation>
    </message>
    <message>
        <source>What-if over the session&apos;s measured attempts (SLO: %1):</source>
        <translation>基于本会话实测尝试的假设推演（SLO：%1）：</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>Save LiteLLM configuration</source>
        <translation>保存 LiteLLM 配置</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML 文件 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save routing policy</source>
        <translation>保存路由策略</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Routing policy saved to %1</source>
        <translation>路由策略已保存到 %1</translation>
    </message>
    <message>
        <source>LiteLLM configuration saved to %1</source>
        <translation>LiteLLM 配置已保存到 %1</translation>
    </message>
</context>
<context>
    <name>ys::RecommendationPresenter</name>
    <message>
        <source>Tokens per month</source>
        <translation>每月 token 数</translation>
    </message>
    <message>
        <source>Peak requests per second</source>
        <translation>峰值每秒请求数</translation>
    </message>
    <message>
        <source>Document (tokens)</source>
        <translation>文档 (token)</translation>
    </message>
    <message>
        <source>Chunk (tokens)</source>
        <translation>分块 (token)</translation>
    </message>
    <message>
        <source>Overlap (tokens)</source>
        <translation>重叠 (token)</translation>
    </message>
    <message>
        <source>Instruction (tokens)</source>
        <translation>指令 (token)</translation>
    </message>
    <message>
        <source>Summary per call (tokens)</source>
        <translation>每次调用的摘要 (token)</translation>
    </message>
    <message>
        <source>Calls at a time</source>
        <translation>并发调用数</translation>
    </message>
    <message>
        <source>%1 (this session&apos;s)</source>
        <translation>%1（本会话的）</translation>
    </message>
    <message>
        <source>Filled in from the use case&apos;s long document.</source>
        <translation>已按使用场景的长文档填入。</translation>
    </message>
    <message>
        <source>The use case has no long document: the fields hold an example to change.</source>
        <translation>该使用场景没有长文档：各字段中是可供修改的示例值。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <source>%1 is below 0</source>
        <translation>%1 小于 0</translation>
    </message>
    <message>
        <source>%1 is not above 0</source>
        <translation>%1 不大于 0</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Select a session to read it for a use case.</source>
        <translation>选择一个会话，按使用场景解读其结果。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a whole number</source>
        <translation>“%1”不是整数</translation>
    </message>
    <message>
        <source>No provider of the session ran a context sweep: nothing to estimate the calls from.</source>
        <translation>此会话中没有服务商运行过上下文扫描：无法据此估算调用。</translation>
    </message>
</context>
<context>
    <name>ys::RecommendationText</name>
    <message>
        <source>Qualifies</source>
        <translation>达标</translation>
    </message>
    <message>
        <source>Only at the point estimate</source>
        <translation>仅按点估计达标</translation>
    </message>
    <message>
        <source>Excluded</source>
        <translation>已排除</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>%1, %2% under %3</source>
        <translation>%1，比 %3 低 %2%</translation>
    </message>
    <message>
        <source>%1, %2% over %3</source>
        <translation>%1，比 %3 高 %2%</translation>
    </message>
    <message>
        <source>%1, %2% above %3</source>
        <translation>%1，比 %3 高 %2%</translation>
    </message>
    <message>
        <source>%1, %2% below %3</source>
        <translation>%1，比 %3 低 %2%</translation>
    </message>
    <message>
        <source>%1 (holds at the 95% interval)</source>
        <translation>%1（在 95% 区间上也满足）</translation>
    </message>
    <message>
        <source>%1 (not at the 95% interval)</source>
        <translation>%1（在 95% 区间上不满足）</translation>
    </message>
    <message>
        <source>%1B tokens</source>
        <translation>%1B token</translation>
    </message>
    <message>
        <source>%1M tokens</source>
        <translation>%1M token</translation>
    </message>
    <message>
        <source>%1K tokens</source>
        <translation>%1K token</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>$%1</translation>
    </message>
    <message>
        <source>%1 a month</source>
        <translation>每月 %1</translation>
    </message>
    <message>
        <source>no monthly volume stated</source>
        <translation>未说明月用量</translation>
    </message>
    <message>
        <source>peak %1 requests/s</source>
        <translation>峰值 %1 请求/秒</translation>
    </message>
    <message>
        <source>no peak rate stated</source>
        <translation>未说明峰值速率</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>no provider qualifies as its fallback</source>
        <translation>没有服务商可作为其备用</translation>
    </message>
    <message>
        <source>with %1 as fallback</source>
        <translation>以 %1 作为备用</translation>
    </message>
    <message>
        <source>with %1 as fallbacks, in that order</source>
        <translation>以 %1 作为备用，按此顺序</translation>
    </message>
    <message>
        <source>For %1: %2, %3.</source>
        <translation>对于%1：%2，%3。</translation>
    </message>
    <message>
        <source>It qualifies only at the point estimate: more attempts would settle it.</source>
        <translation>它仅按点估计达标：更多尝试才能确定。</translation>
    </message>
    <message>
        <source>For %1: no provider qualifies.</source>
        <translation>对于%1：没有服务商达标。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Left out: %1.</source>
        <translation>已排除：%1。</translation>
    </message>
    <message>
        <source>At %1 a month %2 costs %3.</source>
        <translation>每月 %1 时，%2 的成本为 %3。</translation>
    </message>
</context>
<context>
    <name>ys::Recommender</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>$%1 per 1K</source>
        <translation>每 1K $%1</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>E2E P95</source>
        <translation>E2E P95</translation>
    </message>
    <message>
        <source>TTFT P95</source>
        <translation>TTFT P95</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>contract pass rate</source>
        <translation>约定通过率</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1 fails %2, at its whole 95% interval too (%3)</source>
        <translation>%1 不满足%2，在其整个 95% 区间上也不满足（%3）</translation>
    </message>
    <message>
        <source>%1 fails %2</source>
        <translation>%1 不满足%2</translation>
    </message>
    <message>
        <source>%1 fails %2 at the point estimate (95% interval %3)</source>
        <translation>%1 按点估计不满足%2（95% 区间 %3）</translation>
    </message>
    <message>
        <source>nothing measured for %1</source>
        <translation>%1 没有测量数据</translation>
    </message>
    <message>
        <source>nothing measured to decide on</source>
        <translation>没有可供判定的测量数据</translation>
    </message>
    <message>
        <source>rate-limited at %1 requests/s, below the stated peak of %2 requests/s</source>
        <translation>在 %1 请求/秒时触发限流，低于声明的峰值 %2 请求/秒</translation>
    </message>
    <message>
        <source>the first 429 came at %1 requests/s, less than 1.5 × the stated peak of %2</source>
        <translation>首个 429 出现在 %1 请求/秒，不到声明峰值 %2 的 1.5 倍</translation>
    </message>
    <message>
        <source>the rate-limit ramp stopped at %1 requests/s without a 429, below the stated peak of %2</source>
        <translation>速率限制爬坡在 %1 请求/秒停止且未出现 429，低于声明的峰值 %2</translation>
    </message>
    <message>
        <source>no rate-limit ramp was measured: the stated peak of %1 requests/s is unproven</source>
        <translation>未测量速率限制爬坡：声明的峰值 %1 请求/秒未经验证</translation>
    </message>
    <message>
        <source>%1 %2 holds only at the point estimate (95% interval %3)</source>
        <translation>%1 的%2仅按点估计满足（95% 区间 %3）</translation>
    </message>
    <message>
        <source>its window of %1 tokens is within 10% of the %2 tokens needed</source>
        <translation>其 %1 个 token 的窗口与所需的 %2 个 token 相差不到 10%</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已变化</translation>
    </message>
    <message>
        <source>%1 measured attempts, fewer than the %2 a verdict on a P95 needs</source>
        <translation>%1 次实测尝试，少于判定 P95 所需的 %2 次</translation>
    </message>
    <message>
        <source>use case &quot;%1&quot;: %2</source>
        <translation>使用场景“%1”：%2</translation>
    </message>
    <message>
        <source>moved %1%2%</source>
        <translation>变化 %1%2%</translation>
    </message>
    <message>
        <source>%1 %2 since session %3</source>
        <translation>%1 自会话 %3 以来%2</translation>
    </message>
</context>
<context>
    <name>ys::ReconciliationModel</name>
    <message>
        <source>estimated</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>differs by more than 1%</source>
        <translation>相差超过 1%</translation>
    </message>
    <message>
        <source>no reported usage</source>
        <translation>未报告用量</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Tokenizer family</source>
        <translation>分词器系列</translation>
    </message>
    <message>
        <source>Prompt reported/counted</source>
        <translation>提示词 报告/计数</translation>
    </message>
    <message>
        <source>Prompt P5–P95</source>
        <translation>提示词 P5–P95</translation>
    </message>
    <message>
        <source>Output reported/counted</source>
        <translation>输出 报告/计数</translation>
    </message>
    <message>
        <source>Output P5–P95</source>
        <translation>输出 P5–P95</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>ys::ReconciliationView</name>
    <message>
        <source>Select a session to compare the tokens its providers reported with Yardstick&apos;s own count.</source>
        <translation>选择一个会话，将其服务商报告的 token 数与 Yardstick 自己的计数比较。</translation>
    </message>
    <message>
        <source>Every provider&apos;s reported tokens agree with Yardstick&apos;s own count of what was sent and received (within 1%, or estimated where the tokenizer is not known).</source>
        <translation>各服务商报告的 token 数与 Yardstick 对收发内容的计数一致（相差在 1% 以内；分词器未知时为估计值）。</translation>
    </message>
    <message numerus="yes">
        <source>%n provider(s) report token counts that differ from Yardstick&apos;s own count by more than 1%: their cost per token is computed from what they report.</source>
        <translation>
            <numerusform>%n 个服务商报告的 token 数与 Yardstick 的计数相差超过 1%：其每 token 成本按其报告的数量计算。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::ReportAction</name>
    <message>
        <source>Save &amp;report…</source>
        <translation>保存报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Save the selected session&apos;s report as HTML or PDF</source>
        <translation>将所选会话的报告保存为 HTML 或 PDF</translation>
    </message>
    <message>
        <source>HTML report, English (*.html)</source>
        <translation>HTML 报告，英文(*.html)</translation>
    </message>
    <message>
        <source>HTML report, Chinese (*.html)</source>
        <translation>HTML 报告，中文(*.html)</translation>
    </message>
    <message>
        <source>PDF report, English (*.pdf)</source>
        <translation>PDF 报告，英文(*.pdf)</translation>
    </message>
    <message>
        <source>PDF report, Chinese (*.pdf)</source>
        <translation>PDF 报告，中文(*.pdf)</translation>
    </message>
    <message>
        <source>Save report</source>
        <translation>保存报告</translation>
    </message>
    <message>
        <source>No session is selected.</source>
        <translation>未选择会话。</translation>
    </message>
</context>
<context>
    <name>ys::ReportBuilder</name>
    <message>
        <source>%1: some attempts reported no token usage, so its token counts and cost are partly estimated.</source>
        <translation>%1：部分尝试未报告 token 用量，因此其 token 数和费用部分为估算值。</translation>
    </message>
    <message>
        <source>%1: local token counts use a proxy encoding (%2 family); the provider&apos;s reported usage is the figure of record.</source>
        <translation>%1：本地 token 计数使用了替代编码（%2 系列）；以服务商报告的用量为准。</translation>
    </message>
    <message>
        <source>%1 silently truncates prompts past its limit instead of refusing them (verified limit %2 tokens).</source>
        <translation>%1 对超出限制的提示词静默截断而不是拒绝（经验证的限制为 %2 token）。</translation>
    </message>
    <message>
        <source>%1&apos;s run reached %2 attempts in flight of the %3 it asked for: its figures are for a lighter load.</source>
        <translation>%1 的运行只达到 %2 个并发尝试（要求 %3 个）：其数据对应的是较轻的负载。</translation>
    </message>
    <message>
        <source>%1: attempts served by a fallback provider, left out of its figures: %2.</source>
        <translation>%1：由备用服务商处理的尝试未计入其数据：%2。</translation>
    </message>
    <message>
        <source>The client&apos;s overhead was not measured: the timings&apos; precision is unknown.</source>
        <translation>未测量客户端开销：计时精度未知。</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>%1 P50 (ms)</source>
        <translation>%1 P50（毫秒）</translation>
    </message>
    <message>
        <source>%1 P95 (ms)</source>
        <translation>%1 P95（毫秒）</translation>
    </message>
    <message>
        <source>%1 P99 (ms)</source>
        <translation>%1 P99（毫秒）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Dialect</source>
        <translation>方言</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Successful</source>
        <translation>成功次数</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>E2E</source>
        <translation>E2E</translation>
    </message>
    <message>
        <source>ITL mean (ms)</source>
        <translation>ITL 均值（毫秒）</translation>
    </message>
    <message>
        <source>ITL P99 (ms)</source>
        <translation>ITL P99（毫秒）</translation>
    </message>
    <message>
        <source>Output tok/s P50</source>
        <translation>输出 tok/s P50</translation>
    </message>
    <message>
        <source>Input tokens</source>
        <translation>输入 token</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>输出 token</translation>
    </message>
    <message>
        <source>Cached tokens</source>
        <translation>缓存 token</translation>
    </message>
    <message>
        <source>Billed tokens</source>
        <translation>计费 token</translation>
    </message>
    <message>
        <source>Cost ($)</source>
        <translation>费用（$）</translation>
    </message>
    <message>
        <source>List $/1K tokens</source>
        <translation>标价 $/千 token</translation>
    </message>
    <message>
        <source>Spent $/1K tokens</source>
        <translation>实际花费 $/千 token</translation>
    </message>
    <message>
        <source>Spent on answers ($)</source>
        <translation>花在回答上（$）</translation>
    </message>
    <message>
        <source>Spent on retried attempts ($)</source>
        <translation>花在被重试的尝试上（$）</translation>
    </message>
    <message>
        <source>Spent on failures ($)</source>
        <translation>花在失败上（$）</translation>
    </message>
    <message>
        <source>Spent on cut answers ($)</source>
        <translation>花在被截断的回答上（$）</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Caveats</source>
        <translation>注意事项</translation>
    </message>
    <message>
        <source>No drift against earlier sessions of the same providers was found.</source>
        <translation>与相同服务商的早期会话相比，未发现漂移。</translation>
    </message>
    <message>
        <source>Appendix: the providers</source>
        <translation>附录：各服务商</translation>
    </message>
    <message>
        <source>Outcomes: %1</source>
        <translation>结果：%1</translation>
    </message>
    <message>
        <source>Benchmark report: %1</source>
        <translation>基准测试报告：%1</translation>
    </message>
    <message>
        <source>Session %1, started %2, %3</source>
        <translation>会话 %1，开始于 %2，%3</translation>
    </message>
    <message>
        <source>Question and requirements</source>
        <translation>问题与需求</translation>
    </message>
    <message>
        <source>Which of the providers of the suite &quot;%1&quot; (%2 in this session) meets the requirements below, and which is the best choice among those that do?</source>
        <translation>套件“%1”中的服务商（本会话中 %2 个）哪些满足以下需求？在满足需求的服务商中哪个是最佳选择？</translation>
    </message>
    <message>
        <source>No requirement is set: every gate is left unchecked.</source>
        <translation>未设置需求：所有门槛均未检查。</translation>
    </message>
    <message>
        <source>Requirements preset: %1.</source>
        <translation>需求预设：%1。</translation>
    </message>
    <message>
        <source>A provider qualifies when %1 of its %2 gates pass.</source>
        <translation>服务商的 %2 个门槛中有 %1 个通过即视为合格。</translation>
    </message>
    <message>
        <source>A provider qualifies when every gate passes.</source>
        <translation>服务商的所有门槛都通过才视为合格。</translation>
    </message>
    <message>
        <source>The cost gate reads the $ spent per 1K billed tokens (measured).</source>
        <translation>费用门槛读取每千计费 token 的实际花费（实测）。</translation>
    </message>
    <message>
        <source>The cost gate reads the list price blended input:output %1:%2.</source>
        <translation>费用门槛读取按输入:输出 %1:%2 混合的标价。</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Yardstick version</source>
        <translation>Yardstick 版本</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Logical cores</source>
        <translation>逻辑核心数</translation>
    </message>
    <message>
        <source>Session started (UTC)</source>
        <translation>会话开始（UTC）</translation>
    </message>
    <message>
        <source>Session finished (UTC)</source>
        <translation>会话结束（UTC）</translation>
    </message>
    <message>
        <source>Report made (UTC)</source>
        <translation>报告生成（UTC）</translation>
    </message>
    <message>
        <source>Price catalog date</source>
        <translation>价格目录日期</translation>
    </message>
    <message>
        <source>open loop (at most %1 in flight)</source>
        <translation>开环（最多 %1 个并发）</translation>
    </message>
    <message>
        <source>closed loop, %1 in flight</source>
        <translation>闭环，%1 个并发</translation>
    </message>
    <message>
        <source>%1: requests %2, %3</source>
        <translation>%1：请求 %2 个，%3</translation>
    </message>
    <message>
        <source>; warm-up requests left out of the figures: %1</source>
        <translation>；未计入数据的预热请求：%1</translation>
    </message>
    <message>
        <source>The client&apos;s delivery overhead could not be measured for this session.</source>
        <translation>本会话无法测量客户端的交付开销。</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>The session&apos;s suite is not stored; the loads below are the runs&apos;.</source>
        <translation>本会话的套件未保存；下面的负载取自各次运行。</translation>
    </message>
    <message>
        <source>Loads</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>并发数</translation>
    </message>
    <message>
        <source>Achieved</source>
        <translation>实际达到</translation>
    </message>
    <message>
        <source>Rate asked (/s)</source>
        <translation>请求速率（/秒）</translation>
    </message>
    <message>
        <source>Rate achieved (/s)</source>
        <translation>实际速率（/秒）</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计方法</translation>
    </message>
    <message>
        <source>Percentiles: linear interpolation between closest ranks (numpy&apos;s default, R type 7). Timings come from successful attempts (ok, or cut by the requested output limit); warm-up attempts are left out.</source>
        <translation>百分位数：相邻秩次间线性插值（numpy 的默认方法，R 第 7 类）。计时取自成功的尝试（正常完成，或因请求的输出上限而截断）；预热尝试不计入。</translation>
    </message>
    <message>
        <source>Each P95 carries a distribution-free 95% confidence interval from the order statistics (binomial); the measured $ per 1K tokens carries a 95% interval by the delta method. A gate whose interval straddles its threshold is inconclusive.</source>
        <translation>每个 P95 都附有基于顺序统计量（二项分布）的无分布假设 95% 置信区间；实测的每千 token 费用附有用 delta 方法求得的 95% 区间。区间跨越阈值的门槛判为不确定。</translation>
    </message>
    <message>
        <source>Clock and client overhead</source>
        <translation>时钟与客户端开销</translation>
    </message>
    <message>
        <source>Every time is taken on the monotonic clock, on the network thread that runs the attempt, from the moment the attempt is handed to the transport.</source>
        <translation>所有时间都在执行该尝试的网络线程上用单调时钟测量，从尝试交给传输层的那一刻开始计时。</translation>
    </message>
    <message>
        <source>Comparison and gates</source>
        <translation>对比与门槛</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>成功率</translation>
    </message>
    <message>
        <source>TTFT P50 (ms)</source>
        <translation>TTFT P50（毫秒）</translation>
    </message>
    <message>
        <source>E2E P95 (ms)</source>
        <translation>E2E P95（毫秒）</translation>
    </message>
    <message>
        <source>E2E P95 95% CI</source>
        <translation>E2E P95 的 95% 置信区间</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Gates: %1. In an open-loop run the end-to-end P95 is read from the intended start (queue delay included), as the latency gate reads it.</source>
        <translation>门槛：%1。在开环运行中，E2E P95 从计划开始时间算起（含排队延迟），与延迟门槛的读法一致。</translation>
    </message>
    <message>
        <source>Pareto and context charts</source>
        <translation>帕累托图与上下文图</translation>
    </message>
    <message>
        <source>Latency against cost (Pareto front)</source>
        <translation>延迟与费用（帕累托前沿）</translation>
    </message>
    <message>
        <source>Each provider&apos;s end-to-end P95 against the $ it spent per 1K billed tokens, with their 95% intervals; the staircase is the Pareto front, the dashed lines the gates.</source>
        <translation>各服务商的 E2E P95 与其每千计费 token 的实际花费，附 95% 区间；阶梯线为帕累托前沿，虚线为门槛。</translation>
    </message>
    <message>
        <source>Cost and latency against context size</source>
        <translation>费用和延迟随上下文长度的变化</translation>
    </message>
    <message>
        <source>For the providers that ran a context sweep: the cost of one request and its time to first token as the prompt grows, with the fitted curve.</source>
        <translation>对于运行了上下文扫描的服务商：单次请求的费用及首 token 时间随提示词增长的变化，附拟合曲线。</translation>
    </message>
    <message>
        <source>Scenario verdicts</source>
        <translation>场景结论</translation>
    </message>
    <message>
        <source>No scenario kind with a verdict ran.</source>
        <translation>没有运行带结论的场景类型。</translation>
    </message>
    <message>
        <source>Shortlist and scores</source>
        <translation>候选名单与得分</translation>
    </message>
    <message>
        <source>Every figure scaled to [0, 1] across the providers (1 the best) and fused by a weighted mean; weights: %1. The Gates column says whether each provider qualifies.</source>
        <translation>每项指标在各服务商之间缩放到 [0, 1]（1 为最好），再按加权平均合成；权重：%1。“门槛”列说明每个服务商是否合格。</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Gates</source>
        <translation>门槛</translation>
    </message>
    <message>
        <source>The top provider stays on top in %1% of 1,000 draws of weights each moved by up to ±50%.</source>
        <translation>在 1,000 次将各权重随机变动至多 ±50% 的抽样中，排名第一的服务商有 %1% 保持第一。</translation>
    </message>
    <message>
        <source>No scenario kind with a verdict ran for %1.</source>
        <translation>以下服务商没有运行带结论的场景类型：%1。</translation>
    </message>
    <message>
        <source>The client&apos;s own delivery overhead was high (median above 1 ms or P99 above 5 ms) over %1: the timings are less precise than usual.</source>
        <translation>客户端自身经由 %1 的交付开销较高（中位数超过 1 毫秒或 P99 超过 5 毫秒）：计时精度低于通常水平。</translation>
    </message>
    <message>
        <source>over %1, %2 events: median %3 ms, P99 %4 ms, maximum %5 ms late</source>
        <translation>经由 %1，%2 个事件：中位数延后 %3 毫秒，P99 延后 %4 毫秒，最大延后 %5 毫秒</translation>
    </message>
    <message>
        <source>Before the first run the client measured its own delivery overhead against a loopback stream with known send times, through each transport the session&apos;s attempts use: %1.</source>
        <translation>在首次运行前，客户端用一个已知发送时间的回环流，经由本会话的尝试所用的每种传输测量了自身的交付开销：%1。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>并发数</translation>
    </message>
    <message>
        <source>Output tok/s</source>
        <translation>输出 token/秒</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <source>TTFT P95 (ms)</source>
        <translation>TTFT P95（ms）</translation>
    </message>
    <message>
        <source>Errors (%)</source>
        <translation>错误（%）</translation>
    </message>
    <message>
        <source>Concurrency sweep</source>
        <translation>并发扫描</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示 token 数</translation>
    </message>
    <message>
        <source>E2E P50 (ms)</source>
        <translation>端到端 P50（ms）</translation>
    </message>
    <message>
        <source>$ per request</source>
        <translation>每请求 $</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>已应答</translation>
    </message>
    <message>
        <source>skipped: %1</source>
        <translation>已跳过：%1</translation>
    </message>
    <message>
        <source>Context sweep</source>
        <translation>上下文扫描</translation>
    </message>
    <message>
        <source>ITL P50 (ms)</source>
        <translation>ITL P50（ms）</translation>
    </message>
    <message>
        <source>Longest gap (ms)</source>
        <translation>最长间隔（ms）</translation>
    </message>
    <message>
        <source>Stalls</source>
        <translation>停顿</translation>
    </message>
    <message>
        <source>Streams cut</source>
        <translation>中断的流</translation>
    </message>
    <message>
        <source>Finish reasons</source>
        <translation>结束原因</translation>
    </message>
    <message>
        <source>Streaming stability</source>
        <translation>流式稳定性</translation>
    </message>
    <message>
        <source>Each kind of scenario that ends in a verdict, for each provider that ran it: pass, fail, or worth a look, with the figure it rests on.</source>
        <translation>每种给出结论的场景，按运行它的提供商列出：通过、未通过或值得一看，并附上结论所依据的数字。</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>已检查</translation>
    </message>
    <message>
        <source>Pass rate (95% CI)</source>
        <translation>通过率（95% 置信区间）</translation>
    </message>
    <message>
        <source>every check</source>
        <translation>全部检查</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n more failed check(s), listed by show --json.</source>
        <translation>
            <numerusform>%1：另有 %n 项未通过的检查，由 show --json 列出。</numerusform>
        </translation>
    </message>
    <message>
        <source>Answer contracts</source>
        <translation>回答约定</translation>
    </message>
    <message>
        <source>First answer token P50 (ms)</source>
        <translation>首个回答 token P50（ms）</translation>
    </message>
    <message>
        <source>Thinking P50 (ms)</source>
        <translation>思考时间 P50（ms）</translation>
    </message>
    <message>
        <source>Reasoning tokens</source>
        <translation>推理 token</translation>
    </message>
    <message>
        <source>Share of cost</source>
        <translation>成本占比</translation>
    </message>
    <message>
        <source>* Hidden thinking, estimated: the reasoning tokens at the answer&apos;s own decode rate.</source>
        <translation>* 隐藏的思考，为估算值：推理 token 数按回答自身的解码速度折算。</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用数</translation>
    </message>
    <message>
        <source>Arguments complete P50 (ms)</source>
        <translation>参数完整 P50 (ms)</translation>
    </message>
    <message>
        <source>Arguments complete P95 (ms)</source>
        <translation>参数完整 P95 (ms)</translation>
    </message>
    <message>
        <source>Arguments streamed P50 (ms)</source>
        <translation>参数流式传输 P50 (ms)</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>A client can call the function only once its arguments are complete; their validity against the tool&apos;s schema is the contract check tool_arguments.</source>
        <translation>客户端只有在参数完整后才能调用函数；参数是否符合工具的 JSON 模式由约定检查 tool_arguments 判定。</translation>
    </message>
    <message>
        <source>Standing</source>
        <translation>评定</translation>
    </message>
    <message>
        <source>Monthly cost</source>
        <translation>月度成本</translation>
    </message>
    <message>
        <source>Left out because</source>
        <translation>排除原因</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Chunked cost</source>
        <translation>分块成本</translation>
    </message>
    <message>
        <source>Chunked latency (ms)</source>
        <translation>分块延迟 (ms)</translation>
    </message>
    <message>
        <source>Whole cost</source>
        <translation>整篇成本</translation>
    </message>
    <message>
        <source>Whole latency (ms)</source>
        <translation>整篇延迟 (ms)</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>Risks that remain</source>
        <translation>遗留风险</translation>
    </message>
    <message>
        <source>Long documents</source>
        <translation>长文档</translation>
    </message>
    <message>
        <source>A document of %1 tokens in chunks of %2 overlapping by %3: %4 chunk(s), %5% of the document sent more than once; %6 call(s) against one call with the whole document.</source>
        <translation>%1 个 token 的文档按每块 %2 个、重叠 %3 个分块：共 %4 块，文档的 %5% 被发送不止一次；需 %6 次调用，而整篇文档只需一次调用。</translation>
    </message>
</context>
<context>
    <name>ys::ReportCharts</name>
    <message>
        <source>%1 against %2</source>
        <translation>%1 与 %2</translation>
    </message>
    <message>
        <source>Gates</source>
        <translation>门槛</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示词 token 数</translation>
    </message>
    <message>
        <source>%1 (ms)</source>
        <translation>%1 (ms)</translation>
    </message>
</context>
<context>
    <name>ys::ReportHtml</name>
    <message>
        <source>No provider has the figures this chart draws.</source>
        <translation>没有服务商具备此图表所需的数据。</translation>
    </message>
</context>
<context>
    <name>ys::ReportWriter</name>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
</context>
<context>
    <name>ys::Requirements</name>
    <message>
        <source>%1.%2: expected a number (or null for no gate)</source>
        <translation>%1.%2：应为数字（或 null 表示不设门槛）</translation>
    </message>
    <message>
        <source>%1.%2: %3 is negative; a threshold is a number ≥ 0</source>
        <translation>%1.%2：%3 为负数；阈值应为 ≥ 0 的数字</translation>
    </message>
    <message>
        <source>%1.%2: expected a number above zero</source>
        <translation>%1.%2：应为大于零的数字</translation>
    </message>
    <message>
        <source>%1: cannot read the requirements file (%2)</source>
        <translation>%1：无法读取要求文件（%2）</translation>
    </message>
    <message>
        <source>%1: requirements must be a JSON object</source>
        <translation>%1：要求必须是 JSON 对象</translation>
    </message>
    <message>
        <source>%1.preset: unknown preset &quot;%2&quot; (known: %3)</source>
        <translation>%1.preset：未知预设 &quot;%2&quot;（已知：%3）</translation>
    </message>
    <message>
        <source>%1.min_context_tokens: expected a whole number of tokens ≥ 0 (or null for no gate)</source>
        <translation>%1.min_context_tokens：应为 ≥ 0 的整数 token 数（或 null 表示不设门槛）</translation>
    </message>
    <message>
        <source>%1.basis: &quot;%2&quot; is neither &quot;measured&quot; nor &quot;list&quot;</source>
        <translation>%1.basis：&quot;%2&quot; 既不是 &quot;measured&quot; 也不是 &quot;list&quot;</translation>
    </message>
    <message>
        <source>%1: expected {&quot;input&quot;: 3, &quot;output&quot;: 1}</source>
        <translation>%1：应为 {&quot;input&quot;: 3, &quot;output&quot;: 1}</translation>
    </message>
    <message>
        <source>%1: the weights may not both be 0</source>
        <translation>%1：两个权重不能同时为 0</translation>
    </message>
    <message>
        <source>%1: expected an object of ttft_ms, tpot_ms and e2e_ms</source>
        <translation>%1：应为含 ttft_ms、tpot_ms 和 e2e_ms 的对象</translation>
    </message>
    <message>
        <source>%1.min_passed: expected a whole number within 1..%2, the number of gates set</source>
        <translation>%1.min_passed：应为 1..%2（已设门槛数）之间的整数</translation>
    </message>
    <message>
        <source>%1.min_contract_pass_rate: %2 is above 1; the rate is a share (0.999 for 99.9%)</source>
        <translation>%1.min_contract_pass_rate：%2 大于 1；通过率是比例（99.9% 写作 0.999）</translation>
    </message>
</context>
<context>
    <name>ys::RequirementsForm</name>
    <message>
        <source>None (only the gates below)</source>
        <translation>无（仅使用下方的门槛）</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Max E2E P95 (ms)</source>
        <translation>E2E P95 上限 (ms)</translation>
    </message>
    <message>
        <source>Max TTFT P95 (ms)</source>
        <translation>TTFT P95 上限 (ms)</translation>
    </message>
    <message>
        <source>Max $ per 1K tokens</source>
        <translation>每 1K tokens 的 $ 上限</translation>
    </message>
    <message>
        <source>Cost basis</source>
        <translation>成本依据</translation>
    </message>
    <message>
        <source>List weight, input</source>
        <translation>标价权重，输入</translation>
    </message>
    <message>
        <source>List weight, output</source>
        <translation>标价权重，输出</translation>
    </message>
    <message>
        <source>Min context (tokens)</source>
        <translation>最小上下文 (tokens)</translation>
    </message>
    <message>
        <source>Gates that must pass (N of M)</source>
        <translation>须通过的门槛数（M 个中的 N 个）</translation>
    </message>
    <message>
        <source>Objective: TTFT (ms)</source>
        <translation>目标：TTFT (ms)</translation>
    </message>
    <message>
        <source>Objective: time per output token (ms)</source>
        <translation>目标：每个输出 token 的时间 (ms)</translation>
    </message>
    <message>
        <source>Objective: E2E (ms)</source>
        <translation>目标：E2E (ms)</translation>
    </message>
    <message>
        <source>List weight, input: the input and output weights must not both be 0</source>
        <translation>标价权重，输入：输入和输出权重不能同时为 0</translation>
    </message>
    <message>
        <source>Gates that must pass (N of M): %1 is more than the %2 gates set</source>
        <translation>须通过的门槛数（M 个中的 N 个）：%1 超过了已设置的 %2 个门槛</translation>
    </message>
</context>
<context>
    <name>ys::ResultViews</name>
    <message>
        <source>Latency distribution</source>
        <translation>延迟分布</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>并发</translation>
    </message>
    <message>
        <source>Cost breakdown</source>
        <translation>成本明细</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>判定结果</translation>
    </message>
    <message>
        <source>Drift</source>
        <translation>漂移</translation>
    </message>
    <message>
        <source>Latency phases</source>
        <translation>延迟构成</translation>
    </message>
    <message>
        <source>Token counts</source>
        <translation>token 计数</translation>
    </message>
    <message>
        <source>Stability</source>
        <translation>稳定性</translation>
    </message>
    <message>
        <source>Server metrics</source>
        <translation>服务器指标</translation>
    </message>
    <message>
        <source>Contracts</source>
        <translation>约定</translation>
    </message>
</context>
<context>
    <name>ys::ResultsPage</name>
    <message>
        <source>Latency vs cost</source>
        <translation>延迟与成本</translation>
    </message>
    <message>
        <source>Context scaling</source>
        <translation>上下文扩展性</translation>
    </message>
    <message>
        <source>No session yet. Choose Run → Run demo to benchmark the built-in simulated providers and fill these tables and charts, or set up your own providers and scenarios on the Suite page.</source>
        <translation>还没有会话。选择“运行 → 运行演示”对内置的模拟服务商进行基准测试并填充这些表格和图表，或在“套件”页设置您自己的服务商和场景。</translation>
    </message>
</context>
<context>
    <name>ys::ResultsText</name>
    <message>
        <source>p50 %1 / p95 %2 ms</source>
        <translation>p50 %1 / p95 %2 ms</translation>
    </message>
    <message>
        <source>latency: TTFB %1; TPOT %2 (n = %3)</source>
        <translation>延迟：TTFB %1；TPOT %2（n = %3）</translation>
    </message>
    <message>
        <source>TTFT cold (new connection) %1 (n = %2); warm (reused connection) %3 (n = %4)</source>
        <translation>TTFT 冷（新连接）%1（n = %2）；热（复用连接）%3（n = %4）</translation>
    </message>
    <message>
        <source>connect %1 (n = %2)</source>
        <translation>建立连接 %1（n = %2）</translation>
    </message>
    <message>
        <source>connect — (no new connection)</source>
        <translation>建立连接 —（没有新连接）</translation>
    </message>
    <message>
        <source>TLS %1 (from the start of connecting)</source>
        <translation>TLS %1（从开始连接时算起）</translation>
    </message>
    <message>
        <source>TLS — (no TLS handshake)</source>
        <translation>TLS —（没有 TLS 握手）</translation>
    </message>
    <message>
        <source>E2E from the intended start %1 (n = %2; open loop: queue delay included, the latency gate reads this P95)</source>
        <translation>从计划开始时刻算起的 E2E %1（n = %2；开环：含排队延迟，延迟门槛使用此 P95）</translation>
    </message>
    <message>
        <source>reasoning (%1 of the attempts): first answer token p50 %2 ms; thinking p50 %3 ms; %4 reasoning tokens on average, %5 of the answers&apos; cost</source>
        <translation>推理（%1 次尝试）：首个回答 token p50 %2 ms；思考 p50 %3 ms；平均 %4 个推理 token，占回答成本的 %5</translation>
    </message>
    <message>
        <source> (thinking estimated for %1 attempt(s) whose reasoning was hidden: its tokens at the answer&apos;s decode rate)</source>
        <translation>（%1 次尝试的推理是隐藏的，思考时间为估算：其 token 数按回答的解码速度折算）</translation>
    </message>
    <message>
        <source>%1 reasons before it answers: its first answer token comes at %2 ms (P50), after about %3 ms of hidden thinking (estimated from its reasoning tokens at its answer&apos;s decode rate); reasoning is %4 of its answers&apos; cost.</source>
        <translation>%1 在回答前先推理：首个回答 token 出现在 %2 ms（P50），此前约有 %3 ms 的隐藏思考（按推理 token 数与回答的解码速度估算）；推理占其回答成本的 %4。</translation>
    </message>
    <message>
        <source>%1 reasons before it answers: its first answer token comes at %2 ms (P50), after %3 ms of streamed thinking; reasoning is %4 of its answers&apos; cost.</source>
        <translation>%1 在回答前先推理：首个回答 token 出现在 %2 ms（P50），此前有 %3 ms 的流式思考；推理占其回答成本的 %4。</translation>
    </message>
    <message>
        <source>tool calls (%1 of the attempts): arguments complete p50 %2 ms, p95 %3 ms; streamed over p50 %4 ms</source>
        <translation>工具调用（%1 次尝试）：参数完整 p50 %2 ms，p95 %3 ms；流式传输耗时 p50 %4 ms</translation>
    </message>
    <message>
        <source>%1&apos;s tool calls were ready to run at %2 ms (P50; P95 %3 ms), their arguments streamed over %4 ms.</source>
        <translation>%1 的工具调用在 %2 ms 时可以执行（P50；P95 为 %3 ms），其参数流式传输了 %4 ms。</translation>
    </message>
</context>
<context>
    <name>ys::RoutingPolicy</name>
    <message>
        <source>%1: expected an object</source>
        <translation>%1：应为对象</translation>
    </message>
    <message>
        <source>%1.%2: expected seconds, more than 0 and at most %3</source>
        <translation>%1.%2：应为秒数，大于 0 且不超过 %3</translation>
    </message>
    <message>
        <source>%1: expected a list of outcome classes</source>
        <translation>%1：应为结果类别列表</translation>
    </message>
    <message>
        <source>%1[%2]: expected an outcome class name such as &quot;server_error&quot;</source>
        <translation>%1[%2]：应为结果类别名称，例如“server_error”</translation>
    </message>
    <message>
        <source>%1[%2]: &quot;%3&quot; is not a failure of the provider; the runner does not fall back on it</source>
        <translation>%1[%2]：“%3”不是服务商的故障；运行器不会因此转向备用</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is missing; the runner falls back on every failure of the provider</source>
        <translation>%1：缺少“%2”；服务商的每种故障都会使运行器转向备用</translation>
    </message>
    <message>
        <source>%1: expected a list of provider names</source>
        <translation>%1：应为服务商名称列表</translation>
    </message>
    <message>
        <source>%1[%2]: expected a provider name</source>
        <translation>%1[%2]：应为服务商名称</translation>
    </message>
    <message>
        <source>%1: expected a JSON object</source>
        <translation>%1：应为 JSON 对象</translation>
    </message>
    <message>
        <source>%1: format: expected &quot;%2&quot;, not &quot;%3&quot;</source>
        <translation>%1：format：应为“%2”，而非“%3”</translation>
    </message>
    <message>
        <source>%1: primary: expected a provider name</source>
        <translation>%1：primary：应为服务商名称</translation>
    </message>
    <message>
        <source>%1: fallbacks[%2]: &quot;%3&quot; is the primary or named twice</source>
        <translation>%1：fallbacks[%2]：“%3”是主服务商或被重复指定</translation>
    </message>
    <message>
        <source>%1: cannot be read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <source>routing policy: the primary &quot;%1&quot; is not a provider of the suite</source>
        <translation>路由策略：主服务商“%1”不是该套件的服务商</translation>
    </message>
    <message>
        <source>routing policy: fallbacks[%1]: &quot;%2&quot; is not another provider of the suite</source>
        <translation>路由策略：fallbacks[%1]：“%2”不是该套件中的另一个服务商</translation>
    </message>
    <message>
        <source>routing policy: it is for the use case &quot;%1&quot;, the suite for &quot;%2&quot;</source>
        <translation>路由策略：它针对使用场景“%1”，而套件针对“%2”</translation>
    </message>
    <message>
        <source>%1: no provider &quot;%2&quot;</source>
        <translation>%1：没有服务商“%2”</translation>
    </message>
    <message>
        <source>%1: scenarios[%2].%3 (%4) differs from scenarios[0]&apos;s (%5): a routing policy has one</source>
        <translation>%1：scenarios[%2].%3（%4）与 scenarios[0] 的值（%5）不同：一个路由策略只能有一个值</translation>
    </message>
</context>
<context>
    <name>ys::RoutingPresenter</name>
    <message>
        <source>%1: cannot be written: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>Select a session to see how to route its requests.</source>
        <translation>选择一个会话，查看如何路由其请求。</translation>
    </message>
    <message>
        <source>No provider of session %1 qualifies for the use case &quot;%2&quot;: there is nothing to route to.</source>
        <translation>会话 %1 中没有服务商在使用场景“%2”下达标：没有可路由的目标。</translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation>未打开数据库。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>The what-if cannot be worked out: %1</source>
        <translation>无法完成假设推演：%1</translation>
    </message>
    <message>
        <source>There is no routing policy to save.</source>
        <translation>没有可保存的路由策略。</translation>
    </message>
    <message>
        <source>The session&apos;s providers are still being read; try again in a moment.</source>
        <translation>仍在读取会话的服务商；请稍后再试。</translation>
    </message>
</context>
<context>
    <name>ys::RoutingReplay</name>
    <message>
        <source>%1 measured fewer requests than %2: its attempts are reused in order</source>
        <translation>%1 实测的请求少于 %2 个：将按顺序重复使用其尝试</translation>
    </message>
    <message>
        <source>The session measured fewer retries than the policy&apos;s %1: a failure goes on after the retries measured</source>
        <translation>会话实测的重试少于策略规定的 %1 次：超出已测重试后，失败将继续向下处理</translation>
    </message>
    <message>
        <source>%1: no measured attempts of its own in the session to replay</source>
        <translation>%1：会话中没有其自身的实测尝试可供回放</translation>
    </message>
</context>
<context>
    <name>ys::RoutingText</name>
    <message>
        <source>Routing policy%1: primary %2; fallbacks %3</source>
        <translation>路由策略%1：主服务商 %2；备用 %3</translation>
    </message>
    <message>
        <source> for %1</source>
        <translation>（针对 %1）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Falls back on: %1</source>
        <translation>在以下情况转向备用：%1</translation>
    </message>
    <message>
        <source>Latency budget: %1; retries: %2; breaker: %3</source>
        <translation>延迟预算：%1；重试：%2；熔断器：%3</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 failures within %2 s open it for %3 s, %4 probe(s)</source>
        <translation>%2 秒内失败 %1 次即打开熔断器，持续 %3 秒，%4 次探测</translation>
    </message>
    <message>
        <source>TTFT ≤ %1 ms</source>
        <translation>TTFT ≤ %1 ms</translation>
    </message>
    <message>
        <source>TPOT ≤ %1 ms</source>
        <translation>TPOT ≤ %1 ms</translation>
    </message>
    <message>
        <source>E2E ≤ %1 ms</source>
        <translation>E2E ≤ %1 ms</translation>
    </message>
    <message>
        <source>none set, a success attains</source>
        <translation>未设置，成功即视为达成</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <source>Success rate</source>
        <translation>成功率</translation>
    </message>
    <message>
        <source>SLO attainment</source>
        <translation>SLO 达成率</translation>
    </message>
    <message>
        <source>P50 E2E (ms)</source>
        <translation>P50 E2E (ms)</translation>
    </message>
    <message>
        <source>P95 E2E (ms)</source>
        <translation>P95 E2E (ms)</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Cost per request</source>
        <translation>单次请求成本</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Went to a fallback</source>
        <translation>转向备用</translation>
    </message>
    <message>
        <source>Breaker opened</source>
        <translation>熔断器打开</translation>
    </message>
    <message>
        <source>Answered by %1</source>
        <translation>由 %1 应答</translation>
    </message>
</context>
<context>
    <name>ys::RoutingWhatIfModel</name>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Primary alone</source>
        <translation>仅主服务商</translation>
    </message>
    <message>
        <source>With the policy</source>
        <translation>采用该策略</translation>
    </message>
</context>
<context>
    <name>ys::RunEventsModel</name>
    <message>
        <source>Rate limited (HTTP %1), retry after %2 s</source>
        <translation>触发限流（HTTP %1），%2 s 后重试</translation>
    </message>
    <message>
        <source>Rate limited (HTTP %1), no retry-after given</source>
        <translation>触发限流（HTTP %1），未提供 retry-after</translation>
    </message>
    <message>
        <source>Fallback %1 served a request</source>
        <translation>备用 %1 处理了一个请求</translation>
    </message>
    <message>
        <source>Fallback %1 took a request and failed: %2</source>
        <translation>备用 %1 接收了一个请求但失败：%2</translation>
    </message>
    <message>
        <source>Model identity back to the first seen: %1</source>
        <translation>模型标识已恢复为首次所见：%1</translation>
    </message>
    <message>
        <source>Model identity changed: %1 → %2 (first seen: %3)</source>
        <translation>模型标识已变更：%1 → %2（首次所见：%3）</translation>
    </message>
    <message>
        <source>fingerprint %1</source>
        <translation>指纹 %1</translation>
    </message>
    <message>
        <source>%1, fingerprint %2</source>
        <translation>%1，指纹 %2</translation>
    </message>
    <message>
        <source>Circuit breaker opened (%1)</source>
        <translation>熔断器已打开（%1）</translation>
    </message>
    <message>
        <source>Circuit breaker half-open: probing (%1)</source>
        <translation>熔断器半开：正在探测（%1）</translation>
    </message>
    <message>
        <source>Circuit breaker closed (%1)</source>
        <translation>熔断器已关闭（%1）</translation>
    </message>
    <message>
        <source>Budget reached: $%1 spent of $%2; the session stops</source>
        <translation>已达预算：已花费 $%1（预算 $%2）；会话停止</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 (×%2)</source>
        <translation>%1（×%2）</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
</context>
<context>
    <name>ys::RunPage</name>
    <message>
        <source>Cancel run</source>
        <translation>取消运行</translation>
    </message>
    <message>
        <source>Stop the run; every attempt so far is kept</source>
        <translation>停止运行；目前为止的所有尝试都将保留</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Cancelling: the attempts in flight finish and every attempt so far is kept…</source>
        <translation>正在取消：进行中的尝试将完成，目前为止的所有尝试都将保留…</translation>
    </message>
</context>
<context>
    <name>ys::RunQueue</name>
    <message>
        <source>run queue: %1</source>
        <translation>运行队列：%1</translation>
    </message>
    <message>
        <source>There is no schedule %1</source>
        <translation>没有计划 %1</translation>
    </message>
    <message>
        <source>There is no queue item %1</source>
        <translation>不存在排队项 %1</translation>
    </message>
</context>
<context>
    <name>ys::RunStatusBar</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the running session; what was measured so far is kept</source>
        <translation>停止正在运行的会话；已测得的结果将会保留</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>正在运行</translation>
    </message>
    <message>
        <source>Running %1</source>
        <translation>正在运行 %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>ys::SampleWriter</name>
    <message>
        <source>The database is not open</source>
        <translation>数据库未打开</translation>
    </message>
    <message numerus="yes">
        <source>Could not write %n sample(s); they are kept in memory and retried: %1</source>
        <translation>
            <numerusform>无法写入 %n 个样本；它们保留在内存中并将重试：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: session %2: heartbeat not written: %3</source>
        <translation>%1：会话 %2：未能写入心跳：%3</translation>
    </message>
</context>
<context>
    <name>ys::ScenarioDriver</name>
    <message>
        <source>%1 prompt tokens and %2 output tokens exceed the provider&apos;s context window of %3</source>
        <translation>%1 个提示 tokens 加 %2 个输出 tokens 超出服务商的上下文窗口 %3</translation>
    </message>
</context>
<context>
    <name>ys::ScenarioForm</name>
    <message>
        <source>This kind&apos;s fields</source>
        <translation>此类型的字段</translation>
    </message>
    <message>
        <source>Requests and load</source>
        <translation>请求与负载</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <source>Warm-up requests</source>
        <translation>预热请求数</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>并发数</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示词 tokens</translation>
    </message>
    <message>
        <source>Max output tokens</source>
        <translation>最大输出 tokens</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流式</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Rate per second (open loop)</source>
        <translation>每秒速率（开环）</translation>
    </message>
    <message>
        <source>Arrival (open loop)</source>
        <translation>到达方式（开环）</translation>
    </message>
    <message>
        <source>Ramp to rate per second</source>
        <translation>爬升至每秒速率</translation>
    </message>
    <message>
        <source>Ramp seconds</source>
        <translation>爬升秒数</translation>
    </message>
    <message>
        <source>Duration (s)</source>
        <translation>持续时间 (s)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Timeout (ms)</source>
        <translation>超时 (ms)</translation>
    </message>
    <message>
        <source>Connect timeout (ms)</source>
        <translation>连接超时 (ms)</translation>
    </message>
    <message>
        <source>First-token timeout (ms)</source>
        <translation>首 token 超时 (ms)</translation>
    </message>
    <message>
        <source>Idle timeout (ms)</source>
        <translation>空闲超时 (ms)</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>重试次数</translation>
    </message>
    <message>
        <source>Needle depth (0–1)</source>
        <translation>针插入深度 (0–1)</translation>
    </message>
    <message>
        <source>Prompt sizes (tokens)</source>
        <translation>提示词长度 (tokens)</translation>
    </message>
    <message>
        <source>Requests per point</source>
        <translation>每个点的请求数</translation>
    </message>
    <message>
        <source>Concurrency levels</source>
        <translation>并发级别</translation>
    </message>
    <message>
        <source>Requests per level</source>
        <translation>每个级别的请求数</translation>
    </message>
    <message>
        <source>Claimed window (tokens)</source>
        <translation>声称的窗口 (tokens)</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Max probes</source>
        <translation>最大探测次数</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话数</translation>
    </message>
    <message>
        <source>Tokens per turn</source>
        <translation>每轮 tokens</translation>
    </message>
    <message>
        <source>Prefix tokens</source>
        <translation>前缀 tokens</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>配对数</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Stall thresholds (ms)</source>
        <translation>停顿阈值 (ms)</translation>
    </message>
    <message>
        <source>Strategies</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Latency objective (ms)</source>
        <translation>延迟目标 (ms)</translation>
    </message>
    <message>
        <source>Start rate (requests/s)</source>
        <translation>起始速率 (requests/s)</translation>
    </message>
    <message>
        <source>Highest rate (requests/s)</source>
        <translation>最高速率 (requests/s)</translation>
    </message>
    <message>
        <source>Step length (s)</source>
        <translation>步长 (s)</translation>
    </message>
    <message>
        <source>Step factor</source>
        <translation>步进倍数</translation>
    </message>
    <message>
        <source>Max requests</source>
        <translation>最大请求数</translation>
    </message>
    <message>
        <source>Scenario kind: %1</source>
        <translation>场景类型：%1</translation>
    </message>
    <message>
        <source>Replays the trace %1: it sets the arrivals and the sizes.</source>
        <translation>回放轨迹 %1：由它决定请求的到达时间和大小。</translation>
    </message>
    <message>
        <source>Rate per second (open loop): an open-loop scenario needs a rate above 0</source>
        <translation>每秒速率（开环）：开环场景需要大于 0 的速率</translation>
    </message>
    <message>
        <source>Ramp seconds: a ramp needs a length above 0 seconds</source>
        <translation>爬坡秒数：爬坡时长必须大于 0 秒</translation>
    </message>
    <message>
        <source>Highest rate (requests/s): must be at least the start rate</source>
        <translation>最高速率 (requests/s)：不得低于起始速率</translation>
    </message>
    <message>
        <source>Trace file</source>
        <translation>轨迹文件</translation>
    </message>
    <message>
        <source>none: the sizes and load below</source>
        <translation>无：使用下方的大小与负载</translation>
    </message>
    <message>
        <source>Replays a recorded workload (JSON Lines such as the Mooncake traces, Azure&apos;s CSV, or a CSV of offset, input and output tokens): each request at the trace&apos;s time with the trace&apos;s sizes, open loop</source>
        <translation>回放录制的工作负载（如 Mooncake 轨迹的 JSON Lines、Azure 的 CSV，或由偏移、输入与输出 token 组成的 CSV）：每个请求按轨迹中的时间与大小发出，开环</translation>
    </message>
    <message>
        <source>Choose a trace file…</source>
        <translation>选择轨迹文件…</translation>
    </message>
    <message>
        <source>Traces (*.jsonl *.json *.csv);;All files (*)</source>
        <translation>轨迹 (*.jsonl *.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Trace time scale</source>
        <translation>轨迹时间缩放</translation>
    </message>
    <message>
        <source>%1: expected a number above zero, at most 1000000</source>
        <translation>%1：应为大于零、至多 1000000 的数</translation>
    </message>
    <message>
        <source>The trace&apos;s times are multiplied by it: 0.5 replays twice as fast</source>
        <translation>轨迹中的时间乘以此值：0.5 表示以两倍速度回放</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Requests: the trace holds only %n request(s), warm-up included</source>
        <translation>
            <numerusform>请求数：轨迹只有 %n 个请求（含预热）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::SchedulesModel</name>
    <message>
        <source>Schedule</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Next (UTC)</source>
        <translation>下次 (UTC)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Last (UTC)</source>
        <translation>上次 (UTC)</translation>
    </message>
    <message numerus="yes">
        <source>every %n day(s)</source>
        <translation>
            <numerusform>每 %n 天</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n h</source>
        <translation>
            <numerusform>每 %n 小时</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n min</source>
        <translation>
            <numerusform>每 %n 分钟</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n s</source>
        <translation>
            <numerusform>每 %n 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>at %1 UTC</source>
        <translation>UTC %1</translation>
    </message>
</context>
<context>
    <name>ys::ScoreModel</name>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <extracomment>A score criterion&apos;s heading and its weight, e.g. &quot;Latency ×0.35&quot;</extracomment>
        <translation>%1 ×%2</translation>
    </message>
</context>
<context>
    <name>ys::ScoreRanking</name>
    <message>
        <source>Select a session to rank its providers.</source>
        <translation>选择一个会话，对其服务商进行排名。</translation>
    </message>
    <message>
        <source>Not measured, left out: %1.</source>
        <translation>未测量，已排除：%1。</translation>
    </message>
    <message>
        <source>The top provider stays first in %1% of random weight changes of ±50%.</source>
        <translation>在 ±50% 的随机权重变化中，排名第一的服务商有 %1% 的情况仍居首位。</translation>
    </message>
</context>
<context>
    <name>ys::Scores</name>
    <message>
        <source>The weight of &quot;%1&quot; must be a number at least 0, not %2.</source>
        <translation>&quot;%1&quot; 的权重必须是不小于 0 的数字，而不是 %2。</translation>
    </message>
    <message>
        <source>At least one score weight must be above 0.</source>
        <translation>至少一个评分权重必须大于 0。</translation>
    </message>
    <message>
        <source>Every provider needs one value per score criterion.</source>
        <translation>每个服务商在每项评分标准上都需要一个数值。</translation>
    </message>
    <message>
        <source>Unknown score figure &quot;%1&quot;.</source>
        <translation>未知评分指标 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>End-to-end P50 (ms)</source>
        <translation>端到端 P50（ms）</translation>
    </message>
    <message>
        <source>E2E P50</source>
        <translation>E2E P50</translation>
    </message>
    <message>
        <source>End-to-end P95 (ms)</source>
        <translation>端到端 P95（ms）</translation>
    </message>
    <message>
        <source>E2E P95</source>
        <translation>E2E P95</translation>
    </message>
    <message>
        <source>End-to-end P99 (ms)</source>
        <translation>端到端 P99（ms）</translation>
    </message>
    <message>
        <source>E2E P99</source>
        <translation>E2E P99</translation>
    </message>
    <message>
        <source>Time to first token P50 (ms)</source>
        <translation>首 token 时间 P50（ms）</translation>
    </message>
    <message>
        <source>TTFT P50</source>
        <translation>TTFT P50</translation>
    </message>
    <message>
        <source>Time to first token P95 (ms)</source>
        <translation>首 token 时间 P95（ms）</translation>
    </message>
    <message>
        <source>TTFT P95</source>
        <translation>TTFT P95</translation>
    </message>
    <message>
        <source>Time to first token P99 (ms)</source>
        <translation>首 token 时间 P99（ms）</translation>
    </message>
    <message>
        <source>TTFT P99</source>
        <translation>TTFT P99</translation>
    </message>
    <message>
        <source>Latency (gated E2E P95)</source>
        <translation>延迟（门槛所用的 E2E P95）</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Throughput (output tokens/s)</source>
        <translation>吞吐量（输出 tokens/s）</translation>
    </message>
    <message>
        <source>Cost ($/1K measured)</source>
        <translation>成本（实测 $/1K）</translation>
    </message>
    <message>
        <source>Success rate</source>
        <translation>成功率</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>成功率</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
</context>
<context>
    <name>ys::ScoresPage</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
</context>
<context>
    <name>ys::Secrets</name>
    <message>
        <source>The environment variable %1 named by &quot;%2&quot; is not set</source>
        <translation>&quot;%2&quot; 所指定的环境变量 %1 未设置</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a key reference (use env:NAME or keychain:ID)</source>
        <translation>&quot;%1&quot; 不是密钥引用（请使用 env:NAME 或 keychain:ID）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; names no keychain entry (use keychain:NAME)</source>
        <translation>“%1”未指定钥匙串条目（请使用 keychain:NAME）</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: the system keychain did not answer; store the key in an environment variable and use an env:NAME reference instead</source>
        <translation>“%1”：系统钥匙串无响应；请将密钥存入环境变量，并改用 env:NAME 引用</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: the system keychain has no entry &quot;%2&quot; for %3</source>
        <translation>“%1”：系统钥匙串中没有 %3 的条目“%2”</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: the system keychain refused access to the entry</source>
        <translation>“%1”：系统钥匙串拒绝访问该条目</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: the system keychain cannot be read (%2); no secret service seems to be running. Store the key in an environment variable and use an env:NAME reference instead</source>
        <translation>“%1”：无法读取系统钥匙串（%2）；似乎没有运行 Secret Service 服务。请将密钥存入环境变量，并改用 env:NAME 引用</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: the keychain entry is empty</source>
        <translation>“%1”：钥匙串条目为空</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: this build has no keychain support (QtKeychain); use an env:NAME reference instead</source>
        <translation>“%1”：此版本不支持钥匙串（QtKeychain）；请改用 env:NAME 引用</translation>
    </message>
</context>
<context>
    <name>ys::SelfCalibration</name>
    <message>
        <source>the calibration stream could not listen on loopback</source>
        <translation>校准流无法在回环地址上监听</translation>
    </message>
    <message>
        <source>the calibration stream did not complete over %1 (%2 of %3 events)</source>
        <translation>校准流经由 %1 未完成（%3 个事件中仅完成 %2 个）</translation>
    </message>
</context>
<context>
    <name>ys::ServerGaugesModel</name>
    <message>
        <source>Provider</source>
        <translation>供应商</translation>
    </message>
    <message>
        <source>Server figure</source>
        <translation>服务器指标项</translation>
    </message>
    <message>
        <source>What the server reported about its load; the metric&apos;s own name is in each cell&apos;s tooltip</source>
        <translation>服务器报告的自身负载；指标的原始名称见各单元格的提示</translation>
    </message>
    <message>
        <source>Scrapes</source>
        <translation>抓取次数</translation>
    </message>
    <message>
        <source>Least</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>Most</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>最后</translation>
    </message>
    <message>
        <source>Requests running</source>
        <translation>运行中的请求</translation>
    </message>
    <message>
        <source>Requests waiting</source>
        <translation>等待中的请求</translation>
    </message>
    <message>
        <source>KV cache use (%)</source>
        <translation>KV 缓存占用 (%)</translation>
    </message>
</context>
<context>
    <name>ys::ServerMetricsStore</name>
    <message>
        <source>Could not store server metrics: %1</source>
        <translation>无法保存服务器指标：%1</translation>
    </message>
    <message>
        <source>Could not read server metrics: %1</source>
        <translation>无法读取服务器指标：%1</translation>
    </message>
</context>
<context>
    <name>ys::ServerMetricsView</name>
    <message>
        <source>Select a session to see what its servers said about their load.</source>
        <translation>选择一个会话，查看其服务器报告的负载。</translation>
    </message>
    <message>
        <source>No provider of this session had its server&apos;s metrics read. For a self-hosted server (vLLM, llama.cpp, TGI, SGLang), set its metrics URL in the provider&apos;s Operations tab; the chart below still shows what the client measured.</source>
        <translation>本会话没有读取任何供应商的服务器指标。对于自托管服务器（vLLM、llama.cpp、TGI、SGLang），请在供应商的“运维”标签页中设置其指标 URL；下方图表仍显示客户端测得的数据。</translation>
    </message>
    <message>
        <source>No request waited at any server: every request was taken into a batch as it came.</source>
        <translation>没有请求在服务器上等待：每个请求到达时即进入批次。</translation>
    </message>
    <message numerus="yes">
        <source>The longest queue: %n request(s) waiting at %1&apos;s server.</source>
        <translation>
            <numerusform>最长队列：%1 的服务器上有 %n 个请求在等待。</numerusform>
        </translation>
    </message>
    <message>
        <source>The timeline of %1 cannot be read: %2</source>
        <translation>无法读取 %1 的时间线：%2</translation>
    </message>
</context>
<context>
    <name>ys::ServerTimelineChart</name>
    <message>
        <source>Time from the provider&apos;s first run (s)</source>
        <translation>自该供应商首次运行起的时间 (s)</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT (ms)</translation>
    </message>
    <message>
        <source>Output tokens/s</source>
        <translation>输出 token/s</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>Requests running</source>
        <translation>运行中的请求</translation>
    </message>
    <message>
        <source>Requests waiting</source>
        <translation>等待中的请求</translation>
    </message>
    <message>
        <source>KV cache use</source>
        <translation>KV 缓存占用</translation>
    </message>
    <message>
        <source>Select a provider to see its client and server over the session</source>
        <translation>选择一个供应商，查看其客户端与服务器在整个会话中的情况</translation>
    </message>
    <message>
        <source>%1: what the client measured</source>
        <translation>%1：客户端测得的数据</translation>
    </message>
    <message>
        <source>%1: what its server reported</source>
        <translation>%1：其服务器报告的数据</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>KV cache (%)</source>
        <translation>KV 缓存（%）</translation>
    </message>
</context>
<context>
    <name>ys::ServerTimelineLoader</name>
    <message>
        <source>Session %1 has no provider &quot;%2&quot;</source>
        <translation>会话 %1 中没有供应商“%2”</translation>
    </message>
</context>
<context>
    <name>ys::SessionBundle</name>
    <message>
        <source>%1 holds a table %2 that this version does not import</source>
        <translation>%1 含有此版本不导入的表 %2</translation>
    </message>
    <message>
        <source>%1 holds column %2.%3, which %4 does not have (the bundle is from a newer schema); nothing was imported</source>
        <translation>%1 含有列 %2.%3，而 %4 没有该列（会话包来自更新的架构）；未导入任何内容</translation>
    </message>
    <message>
        <source>%1 is damaged: a line does not fit the bundle format</source>
        <translation>%1 已损坏：有一行不符合会话包格式</translation>
    </message>
    <message>
        <source>%1: %2 (importing %3)</source>
        <translation>%1：%2（导入 %3 时）</translation>
    </message>
    <message>
        <source>%1: %2 (importing sessions)</source>
        <translation>%1：%2（导入会话时）</translation>
    </message>
    <message>
        <source>%1 already holds this bundle&apos;s session (uid %2) as session %3; nothing was imported</source>
        <translation>%1 已含有此会话包的会话（uid %2），即会话 %3；未导入任何内容</translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1：无法读取（%2）</translation>
    </message>
    <message>
        <source>%1 is damaged: a line is not JSON</source>
        <translation>%1 已损坏：有一行不是 JSON</translation>
    </message>
    <message>
        <source>%1 is damaged: it holds no session</source>
        <translation>%1 已损坏：其中没有会话</translation>
    </message>
    <message>
        <source>%1 has no table %2</source>
        <translation>%1 没有表 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 holds no session %2</source>
        <translation>%1 中没有会话 %2</translation>
    </message>
    <message>
        <source>%1: cannot be written (%2)</source>
        <translation>%1：无法写入（%2）</translation>
    </message>
    <message>
        <source>%1 is not a Yardstick session bundle</source>
        <translation>%1 不是 Yardstick 会话包</translation>
    </message>
    <message>
        <source>%1 was written by a newer Yardstick (%2, bundle format %3; this version reads up to %4)</source>
        <translation>%1 由更新版本的 Yardstick 写入（%2，会话包格式 %3；此版本最高读取 %4）</translation>
    </message>
    <message>
        <source>%1 is damaged: it is cut short (its last line is not the bundle&apos;s end)</source>
        <translation>%1 已损坏：文件不完整（最后一行不是会话包的结尾）</translation>
    </message>
    <message>
        <source>%1 is damaged: its content does not match its SHA-256 checksum</source>
        <translation>%1 已损坏：内容与其 SHA-256 校验和不符</translation>
    </message>
    <message>
        <source>%1 is damaged: its header lacks the format version or the session uid</source>
        <translation>%1 已损坏：文件头缺少格式版本或会话 uid</translation>
    </message>
    <message>
        <source>%1 was written by a newer Yardstick (%2, schema %3; this version reads up to %4)</source>
        <translation>%1 由更新版本的 Yardstick 写入（%2，架构 %3；此版本最高读取 %4）</translation>
    </message>
</context>
<context>
    <name>ys::SessionDiffModel</name>
    <message>
        <source>TTFT P50 (ms)</source>
        <translation>TTFT P50 (ms)</translation>
    </message>
    <message>
        <source>TTFT P95 (ms)</source>
        <translation>TTFT P95 (ms)</translation>
    </message>
    <message>
        <source>E2E P50 (ms)</source>
        <translation>E2E P50 (ms)</translation>
    </message>
    <message>
        <source>E2E P95 (ms)</source>
        <translation>E2E P95 (ms)</translation>
    </message>
    <message>
        <source>Success rate (%)</source>
        <translation>成功率 (%)</translation>
    </message>
    <message>
        <source>$/1K measured</source>
        <translation>实测 $/1K</translation>
    </message>
    <message>
        <source>Hodges–Lehmann shift of the whole timing: %1 ms</source>
        <translation>整体耗时的 Hodges–Lehmann 位移：%1 ms</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>significant</source>
        <translation>显著</translation>
    </message>
    <message>
        <source>no significant change</source>
        <translation>无显著变化</translation>
    </message>
    <message>
        <source>95% interval: for TTFT and E2E of the Hodges–Lehmann shift after − before, for the others of the change</source>
        <translation>95% 区间：TTFT 和 E2E 为 Hodges–Lehmann 位移（之后 − 之前）的区间，其他指标为变化量的区间</translation>
    </message>
    <message>
        <source>TTFT and E2E: Mann–Whitney U, Holm-adjusted over the provider&apos;s two timings; success rate: two-proportion test; $/1K: from the two intervals</source>
        <translation>TTFT 和 E2E：Mann–Whitney U 检验，在该服务商的两项耗时上做 Holm 校正；成功率：两比例检验；$/1K：由两个区间得出</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Before (A)</source>
        <translation>之前（A）</translation>
    </message>
    <message>
        <source>After (B)</source>
        <translation>之后（B）</translation>
    </message>
    <message>
        <source>Change (B − A)</source>
        <translation>变化（B − A）</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95% 区间</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Significance</source>
        <translation>显著性</translation>
    </message>
</context>
<context>
    <name>ys::SessionDriftView</name>
    <message>
        <source>Select a session to see what drifted since earlier sessions.</source>
        <translation>选择一个会话，查看与较早会话相比发生的漂移。</translation>
    </message>
    <message>
        <source>No drift against earlier sessions of the same providers was found.</source>
        <translation>与相同服务商的早期会话相比，未发现漂移。</translation>
    </message>
    <message numerus="yes">
        <source>%n figure(s) drifted since earlier sessions of the same providers: a change significant at p &lt; 0.05 after Holm&apos;s correction and large enough to matter, or a changed model or fingerprint.</source>
        <translation>
            <numerusform>与相同服务商的较早会话相比，有 %n 项指标发生漂移：经 Holm 校正后 p &lt; 0.05 显著且幅度足以影响结论的变化，或模型、指纹发生了变化。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::SessionListModel</name>
    <message numerus="yes">
        <source>#%1 %2 — %3, %n provider(s), %4</source>
        <translation>
            <numerusform>#%1 %2 — %3，%n 个服务商，%4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Session %1: %n sample(s) in %2 run(s)</source>
        <translation>
            <numerusform>会话 %1：%2 次运行，共 %n 个样本</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::SessionRepository</name>
    <message>
        <source>There is no session %1</source>
        <translation>不存在会话 %1</translation>
    </message>
    <message>
        <source>There is no session %1 in %2</source>
        <translation>%2 中不存在会话 %1</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>There is no run %1 in session %2</source>
        <translation>会话 %2 中没有运行 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>session %1 has no run %2</source>
        <translation>会话 %1 没有运行 %2</translation>
    </message>
    <message>
        <source>session %1 has no run of a provider &quot;%2&quot;</source>
        <translation>会话 %1 没有服务商“%2”的运行</translation>
    </message>
</context>
<context>
    <name>ys::SessionRunner</name>
    <message>
        <source>A session is already running</source>
        <translation>已有会话正在运行</translation>
    </message>
    <message>
        <source>%1: unsupported dialect &quot;%2&quot;</source>
        <translation>%1：不支持的方言 &quot;%2&quot;</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) could not be written to the database</source>
        <translation>
            <numerusform>%n 个样本无法写入数据库</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::SessionStatus</name>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>budget exhausted</source>
        <translation>预算已用尽</translation>
    </message>
</context>
<context>
    <name>ys::SessionWorker</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>No provider named %1 in suite &quot;%2&quot;</source>
        <translation>套件 &quot;%2&quot; 中没有名为 %1 的服务商</translation>
    </message>
    <message>
        <source>Self-calibration failed: %1</source>
        <translation>自校准失败：%1</translation>
    </message>
    <message>
        <source>The client&apos;s own delivery overhead is large (%1); timings of this session are less precise than usual. Is the machine busy?</source>
        <translation>客户端自身的投递开销较大（%1）；本次会话的计时精度低于平常。机器是否繁忙？</translation>
    </message>
    <message>
        <source>%1: fallback %2 left out: %3</source>
        <translation>%1：已略过备用服务商 %2：%3</translation>
    </message>
    <message>
        <source>%1: reached a concurrency of %2 of the %3 asked for</source>
        <translation>%1：实际并发只达到 %2，目标为 %3</translation>
    </message>
    <message>
        <source>%1: the session has spent %2, reaching its budget of %3; it stops here</source>
        <translation>%1：会话已花费 %2，达到预算 %3；会话在此停止</translation>
    </message>
</context>
<context>
    <name>ys::SimFaultSet</name>
    <message>
        <source>unknown fault &quot;%1&quot;; known faults: %2</source>
        <translation>未知故障 &quot;%1&quot;；已知故障：%2</translation>
    </message>
    <message>
        <source>fault &quot;%1&quot; expects a non-negative integer after &apos;=&apos;, got &quot;%2&quot;</source>
        <translation>故障 &quot;%1&quot; 的 &apos;=&apos; 之后应为非负整数，实际为 &quot;%2&quot;</translation>
    </message>
</context>
<context>
    <name>ys::SimGroundTruth</name>
    <message>
        <source>cannot open the request log %1: %2</source>
        <translation>无法打开请求日志 %1：%2</translation>
    </message>
</context>
<context>
    <name>ys::SimProfile</name>
    <message>
        <source>expected an object, got %1</source>
        <translation>应为对象，实际为 %1</translation>
    </message>
    <message>
        <source>unknown field</source>
        <translation>未知字段</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>必须提供</translation>
    </message>
    <message>
        <source>expected a number, got %1</source>
        <translation>应为数字，实际为 %1</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>必须为有限数值</translation>
    </message>
    <message>
        <source>must be greater than 0, got %1</source>
        <translation>必须大于 0，实际为 %1</translation>
    </message>
    <message>
        <source>expected an integer, got %1</source>
        <translation>应为整数，实际为 %1</translation>
    </message>
    <message>
        <source>is too large</source>
        <translation>数值过大</translation>
    </message>
    <message>
        <source>must be at least %1, got %2</source>
        <translation>不能小于 %1，实际为 %2</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>应为字符串，实际为 %1</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>must not be below min (%1)</source>
        <translation>不能小于 min（%1）</translation>
    </message>
    <message>
        <source>must not be below the median (%1)</source>
        <translation>不能小于中位数（%1）</translation>
    </message>
    <message>
        <source>must be between 0 and 5, got %1</source>
        <translation>必须介于 0 到 5 之间，实际为 %1</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>应为 true 或 false，实际为 %1</translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation>不能为负数</translation>
    </message>
    <message>
        <source>expected a non-negative integer, got %1</source>
        <translation>应为非负整数，实际为 %1</translation>
    </message>
    <message>
        <source>invalid JSON at line %1, column %2</source>
        <translation>第 %1 行第 %2 列处的 JSON 无效</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, got %2</source>
        <translation>应为 &quot;%1&quot;，实际为 %2</translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation>应为数组，实际为 %1</translation>
    </message>
    <message>
        <source>must list at least one profile</source>
        <translation>必须至少列出一个配置</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is already used by profiles[%2]</source>
        <translation>&quot;%1&quot; 已被 profiles[%2] 使用</translation>
    </message>
    <message>
        <source>field &quot;%1&quot;: %2</source>
        <translation>字段 &quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>%1: field &quot;%2&quot;: %3</source>
        <translation>%1：字段 &quot;%2&quot;：%3</translation>
    </message>
    <message>
        <source>cannot read simulator profiles %1: %2</source>
        <translation>无法读取模拟器配置 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>expected &quot;error&quot; or &quot;truncate&quot;, got &quot;%1&quot;</source>
        <translation>应为 &quot;error&quot; 或 &quot;truncate&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be between 0 and 1, got %1</source>
        <translation>必须介于 0 到 1 之间，实际为 %1</translation>
    </message>
    <message>
        <source>unknown fault; known faults: %1</source>
        <translation>未知故障；已知故障：%1</translation>
    </message>
    <message>
        <source>probability must be between 0 and 1, got %1</source>
        <translation>概率必须介于 0 到 1 之间，实际为 %1</translation>
    </message>
    <message>
        <source>expected &quot;o200k_base&quot; or &quot;cl100k_base&quot;, got &quot;%1&quot;</source>
        <translation>应为 &quot;o200k_base&quot; 或 &quot;cl100k_base&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected 1 to 64 letters, digits, &apos;_&apos;, &apos;.&apos; or &apos;-&apos;</source>
        <translation>应为 1 到 64 个字母、数字、&apos;_&apos;、&apos;.&apos; 或 &apos;-&apos;</translation>
    </message>
    <message>
        <source>must be above 0 and at most 10</source>
        <translation>必须大于 0 且不超过 10</translation>
    </message>
    <message>
        <source>must be at least 0 and below 1, got %1</source>
        <translation>必须不小于 0 且小于 1，实际为 %1</translation>
    </message>
    <message>
        <source>expected [from, to], two numbers from 0 to 1</source>
        <translation>应为 [from, to]，两个 0 到 1 之间的数</translation>
    </message>
    <message>
        <source>expected 0 &lt;= from &lt;= to &lt;= 1, got [%1, %2]</source>
        <translation>应满足 0 &lt;= from &lt;= to &lt;= 1，实际为 [%1, %2]</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>应为对象</translation>
    </message>
    <message>
        <source>expected a number from 0 to 1</source>
        <translation>应为 0 到 1 之间的数字</translation>
    </message>
    <message>
        <source>expected a list of truncated, wrong_type and missing_field</source>
        <translation>应为由 truncated、wrong_type 和 missing_field 组成的列表</translation>
    </message>
    <message>
        <source>unknown way to break &quot;%1&quot; (known: truncated, wrong_type, missing_field)</source>
        <translation>未知的破坏方式“%1”（已知：truncated、wrong_type、missing_field）</translation>
    </message>
    <message>
        <source>expected a list of {&quot;prompt&quot;, &quot;answer&quot;}</source>
        <translation>应为由 {&quot;prompt&quot;, &quot;answer&quot;} 组成的列表</translation>
    </message>
    <message>
        <source>expected {&quot;prompt&quot;: text, &quot;answer&quot;: text}</source>
        <translation>应为 {&quot;prompt&quot;: 文本, &quot;answer&quot;: 文本}</translation>
    </message>
    <message>
        <source>expected a number above 0</source>
        <translation>应为大于 0 的数字</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>expected a whole number from 1 to 10000000</source>
        <translation>应为 1 到 10000000 之间的整数</translation>
    </message>
</context>
<context>
    <name>ys::SimServer</name>
    <message>
        <source>cannot listen on %1 port %2: %3</source>
        <translation>无法在 %1 的端口 %2 上监听：%3</translation>
    </message>
</context>
<context>
    <name>ys::SimTlsIdentity</name>
    <message>
        <source>TLS is not available: Qt found no TLS backend (is libssl installed?)</source>
        <translation>TLS 不可用：Qt 未找到 TLS 后端（是否已安装 libssl？）</translation>
    </message>
    <message>
        <source>cannot make a TLS certificate: the openssl command is not installed (Debian package &quot;openssl&quot;)</source>
        <translation>无法生成 TLS 证书：未安装 openssl 命令（Debian 软件包 &quot;openssl&quot;）</translation>
    </message>
    <message>
        <source>cannot make a TLS certificate: no temporary folder: %1</source>
        <translation>无法生成 TLS 证书：没有临时文件夹：%1</translation>
    </message>
    <message>
        <source>cannot make a TLS certificate: openssl failed: %1</source>
        <translation>无法生成 TLS 证书：openssl 执行失败：%1</translation>
    </message>
    <message>
        <source>cannot read the TLS certificate openssl made</source>
        <translation>无法读取 openssl 生成的 TLS 证书</translation>
    </message>
    <message>
        <source>cannot load the TLS certificate openssl made</source>
        <translation>无法加载 openssl 生成的 TLS 证书</translation>
    </message>
    <message>
        <source>cannot read the certificate %1: %2</source>
        <translation>无法读取证书 %1：%2</translation>
    </message>
    <message>
        <source>cannot read the key %1: %2</source>
        <translation>无法读取私钥 %1：%2</translation>
    </message>
    <message>
        <source>%1 holds no PEM certificate</source>
        <translation>%1 中没有 PEM 证书</translation>
    </message>
    <message>
        <source>%1 holds no unencrypted PEM private key</source>
        <translation>%1 中没有未加密的 PEM 私钥</translation>
    </message>
</context>
<context>
    <name>ys::SizeDistribution</name>
    <message>
        <source>%1: unknown field &quot;%2&quot;</source>
        <translation>%1：未知字段 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1: missing field &quot;%2&quot;</source>
        <translation>%1：缺少字段 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1: expected a whole number</source>
        <translation>%1：应为整数</translation>
    </message>
    <message>
        <source>%1: %2 is outside %3..%4</source>
        <translation>%1：%2 超出范围 %3..%4</translation>
    </message>
    <message>
        <source>%1: expected a number above zero</source>
        <translation>%1：应为大于零的数字</translation>
    </message>
    <message>
        <source>%1: expected [size, weight] or [[low, high], weight]</source>
        <translation>%1：应为 [大小, 权重] 或 [[下限, 上限], 权重]</translation>
    </message>
    <message>
        <source>%1: expected [low, high]</source>
        <translation>%1：应为 [下限, 上限]</translation>
    </message>
    <message>
        <source>%1: the high end is below the low end</source>
        <translation>%1：上限小于下限</translation>
    </message>
    <message>
        <source>%1max: must be at least min</source>
        <translation>%1max：不能小于 min</translation>
    </message>
    <message>
        <source>%1mean: above the largest size, %2</source>
        <translation>%1mean：超过最大大小 %2</translation>
    </message>
    <message>
        <source>%1bins: expected a non-empty array</source>
        <translation>%1bins：应为非空数组</translation>
    </message>
    <message>
        <source>%1distribution: unknown distribution &quot;%2&quot; (supported: fixed, uniform, normal, histogram)</source>
        <translation>%1distribution：未知分布 &quot;%2&quot;（支持：fixed、uniform、normal、histogram）</translation>
    </message>
    <message>
        <source>%1: expected a whole number or an object such as {&quot;distribution&quot;: &quot;uniform&quot;, &quot;min&quot;: 100, &quot;max&quot;: 2000}</source>
        <translation>%1：应为整数或形如 {&quot;distribution&quot;: &quot;uniform&quot;, &quot;min&quot;: 100, &quot;max&quot;: 2000} 的对象</translation>
    </message>
</context>
<context>
    <name>ys::SizeText</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a bin such as 200–800: 6</source>
        <translation>“%1”不是形如 200–800: 6 的分箱</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a mean and spread such as 300 ± 120</source>
        <translation>“%1”不是形如 300 ± 120 的均值与离散度</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a clamp such as 16–1024</source>
        <translation>“%1”不是形如 16–1024 的截断范围</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a range such as 200–800</source>
        <translation>“%1”不是形如 200–800 的范围</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a size: write a number, a range, a mean ± spread or bins with weights</source>
        <translation>“%1”不是有效的大小：请填写一个数、一个范围、均值 ± 离散度，或带权重的分箱</translation>
    </message>
    <message>
        <source>1000: every request the same
200–800: uniform from 200 to 800
300 ± 120: normal (mean ± standard deviation), optionally clamped: 300 ± 120, 16–1024
200–800: 6; 800–4000: 3; 16000: 1: bins and their weights</source>
        <translation>1000：每个请求相同
200–800：200 到 800 的均匀分布
300 ± 120：正态分布（均值 ± 标准差），可截断：300 ± 120, 16–1024
200–800: 6; 800–4000: 3; 16000: 1：分箱及其权重</translation>
    </message>
</context>
<context>
    <name>ys::StabilityModel</name>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Streams</source>
        <translation>流数</translation>
    </message>
    <message>
        <source>ITL P50 (ms)</source>
        <translation>ITL P50（毫秒）</translation>
    </message>
    <message>
        <source>Inter-token latency: the gaps between a stream&apos;s deliveries</source>
        <translation>令牌间延迟：一个流中相邻两次送达之间的间隔</translation>
    </message>
    <message>
        <source>ITL P95 (ms)</source>
        <translation>ITL P95（毫秒）</translation>
    </message>
    <message>
        <source>ITL P99 (ms)</source>
        <translation>ITL P99（毫秒）</translation>
    </message>
    <message>
        <source>Longest gap (ms)</source>
        <translation>最长间隔（毫秒）</translation>
    </message>
    <message>
        <source>The longest wait between two deliveries of any stream</source>
        <translation>任一流中两次送达之间最长的等待</translation>
    </message>
    <message>
        <source>Stalls</source>
        <translation>停顿</translation>
    </message>
    <message>
        <source>Gaps between deliveries at least as long as each threshold the scenario set</source>
        <translation>不短于场景所设各阈值的送达间隔</translation>
    </message>
    <message>
        <source>Cut streams</source>
        <translation>中断的流</translation>
    </message>
    <message>
        <source>Streams that ended without their end marker</source>
        <translation>没有结束标记就结束的流</translation>
    </message>
    <message>
        <source>Finish reasons</source>
        <translation>结束原因</translation>
    </message>
</context>
<context>
    <name>ys::StabilityView</name>
    <message>
        <source>Select a session to see how evenly its providers stream.</source>
        <translation>选择一个会话，查看其服务商流式输出是否平稳。</translation>
    </message>
    <message>
        <source>The longest gap between deliveries: %1 ms, by %2.</source>
        <translation>送达之间最长的间隔：%1 毫秒，来自 %2。</translation>
    </message>
    <message>
        <source>No stream delivered more than once, so there are no gaps to measure.</source>
        <translation>没有任何流送达超过一次，因此没有可测量的间隔。</translation>
    </message>
    <message numerus="yes">
        <source>%n stream(s) ended without their end marker.</source>
        <translation>
            <numerusform>%n 个流没有结束标记就结束了。</numerusform>
        </translation>
    </message>
    <message>
        <source>This session ran no streaming stability scenario. Add a &quot;Streaming stability&quot; scenario on the Suite page to see how evenly each provider streams and how often it stalls.</source>
        <translation>此会话未运行流式稳定性场景。在“套件”页添加一个“流式稳定性”场景，即可查看各服务商流式输出是否平稳、多久停顿一次。</translation>
    </message>
</context>
<context>
    <name>ys::StallChart</name>
    <message>
        <source>Stalls in the stream</source>
        <translation>流中的停顿</translation>
    </message>
    <message>
        <source>Gap between deliveries</source>
        <translation>送达间隔</translation>
    </message>
    <message>
        <source>≥ %1 ms</source>
        <translation>≥ %1 毫秒</translation>
    </message>
    <message>
        <source>No streaming stability scenario in this session</source>
        <translation>此会话没有流式稳定性场景</translation>
    </message>
    <message>
        <source>Stalls in the stream: the gaps at least each threshold long</source>
        <translation>流中的停顿：不短于各阈值的间隔数</translation>
    </message>
</context>
<context>
    <name>ys::StorageError</name>
    <message numerus="yes">
        <source>the database is locked by another process, which held it longer than %n second(s)</source>
        <translation>
            <numerusform>数据库被另一个进程锁定，且锁定时间超过 %n 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>the file or its folder is read-only</source>
        <translation>文件或其所在文件夹为只读</translation>
    </message>
    <message>
        <source>the disk could not be written or read (full, over a size limit, or failing)</source>
        <translation>无法读写磁盘（已满、超出大小限制或出现故障）</translation>
    </message>
    <message>
        <source>the disk is full (or the file reached a size limit)</source>
        <translation>磁盘已满（或文件达到大小限制）</translation>
    </message>
    <message>
        <source>the file is damaged</source>
        <translation>文件已损坏</translation>
    </message>
    <message>
        <source>the file cannot be opened</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <source>the file is not a database</source>
        <translation>该文件不是数据库</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>ys::StreamTimelineChart</name>
    <message>
        <source>Stream timeline</source>
        <translation>流式时间线</translation>
    </message>
    <message>
        <source>Time from the attempt&apos;s start (ms)</source>
        <translation>从尝试开始算起的时间 (ms)</translation>
    </message>
    <message>
        <source>Content events received</source>
        <translation>已接收的内容事件</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Coalesced reads</source>
        <translation>合并读取</translation>
    </message>
    <message>
        <source>Stalls</source>
        <translation>停顿</translation>
    </message>
</context>
<context>
    <name>ys::Suite</name>
    <message>
        <source>%1: unknown field &quot;%2&quot;</source>
        <translation>%1：未知字段 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1: missing field &quot;%2&quot;</source>
        <translation>%1：缺少字段 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1.%2: expected a string</source>
        <translation>%1.%2：应为字符串</translation>
    </message>
    <message>
        <source>%1.%2: expected a whole number</source>
        <translation>%1.%2：应为整数</translation>
    </message>
    <message>
        <source>%1.%2: %3 is outside %4..%5</source>
        <translation>%1.%2：%3 超出范围 %4..%5</translation>
    </message>
    <message>
        <source>%1.%2: expected a price of zero or more</source>
        <translation>%1.%2：价格应大于或等于零</translation>
    </message>
    <message>
        <source>%1: expected an object</source>
        <translation>%1：应为对象</translation>
    </message>
    <message>
        <source>%1.name: must not be empty</source>
        <translation>%1.name：不能为空</translation>
    </message>
    <message>
        <source>%1.dialect: unsupported dialect &quot;%2&quot; (supported: %3)</source>
        <translation>%1.dialect：不支持的方言 &quot;%2&quot;（支持：%3）</translation>
    </message>
    <message>
        <source>%1.base_url: &quot;%2&quot; is not an http(s) URL</source>
        <translation>%1.base_url：&quot;%2&quot; 不是 http(s) URL</translation>
    </message>
    <message>
        <source>%1.api_key: must be a reference such as env:NAME or keychain:ID, never the key itself</source>
        <translation>%1.api_key：必须是 env:NAME 或 keychain:ID 这样的引用，切勿直接填写密钥本身</translation>
    </message>
    <message>
        <source>%1.kind: unknown scenario kind &quot;%2&quot; (supported: %3)</source>
        <translation>%1.kind：未知的场景类型 &quot;%2&quot;（支持：%3）</translation>
    </message>
    <message>
        <source>%1.stream: expected true or false</source>
        <translation>%1.stream：应为 true 或 false</translation>
    </message>
    <message>
        <source>%1, line %2: not valid JSON</source>
        <translation>%1，第 %2 行：不是有效的 JSON</translation>
    </message>
    <message>
        <source>%1: a suite must be a JSON object</source>
        <translation>%1：套件必须是 JSON 对象</translation>
    </message>
    <message>
        <source>%1.format: &quot;%2&quot; is not a suite format this version reads (expected yardstick-suite/1)</source>
        <translation>%1.format：&quot;%2&quot; 不是本版本可读取的套件格式（应为 yardstick-suite/1）</translation>
    </message>
    <message>
        <source>%1.providers: expected a non-empty array</source>
        <translation>%1.providers：应为非空数组</translation>
    </message>
    <message>
        <source>%1.providers[%2].name: &quot;%3&quot; is used twice</source>
        <translation>%1.providers[%2].name：&quot;%3&quot; 被重复使用</translation>
    </message>
    <message>
        <source>%1.scenarios: expected a non-empty array</source>
        <translation>%1.scenarios：应为非空数组</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: cannot read the suite file (%2)</source>
        <translation>%1：无法读取套件文件（%2）</translation>
    </message>
    <message>
        <source>%1.load: &quot;%2&quot; is neither closed nor open</source>
        <translation>%1.load：&quot;%2&quot; 既不是 closed 也不是 open</translation>
    </message>
    <message>
        <source>%1.arrival: &quot;%2&quot; is neither constant nor poisson</source>
        <translation>%1.arrival：&quot;%2&quot; 既不是 constant 也不是 poisson</translation>
    </message>
    <message>
        <source>%1.%2: expected a number above zero</source>
        <translation>%1.%2：应为大于零的数字</translation>
    </message>
    <message>
        <source>%1.rate_per_s: an open-loop scenario needs a rate</source>
        <translation>%1.rate_per_s：开环场景需要指定速率</translation>
    </message>
    <message>
        <source>%1.preset: unknown preset &quot;%2&quot; (known: %3)</source>
        <translation>%1.preset：未知预设 &quot;%2&quot;（已知：%3）</translation>
    </message>
    <message>
        <source>%1: expected an array of provider names</source>
        <translation>%1：应为服务商名称数组</translation>
    </message>
    <message>
        <source>%1[%2]: expected a provider name</source>
        <translation>%1[%2]：应为服务商名称</translation>
    </message>
    <message>
        <source>%1.providers[%2].fallback[%3]: &quot;%4&quot; is not another provider of this suite</source>
        <translation>%1.providers[%2].fallback[%3]：&quot;%4&quot; 不是本套件中的其他服务商</translation>
    </message>
    <message>
        <source>%1.%2: a trace scenario takes its arrivals and sizes from the trace</source>
        <translation>%1.%2：轨迹场景的到达时间和大小取自轨迹</translation>
    </message>
    <message>
        <source>%1.load: a trace is replayed open loop</source>
        <translation>%1.load：轨迹按开环方式回放</translation>
    </message>
    <message>
        <source>%1: only a latency scenario replays a trace</source>
        <translation>%1：只有 latency 场景可以回放轨迹</translation>
    </message>
    <message>
        <source>%1.file: must not be empty</source>
        <translation>%1.file：不能为空</translation>
    </message>
    <message>
        <source>%1.time_scale: expected a number above zero, at most 1000000</source>
        <translation>%1.time_scale：应为大于零且不超过 1000000 的数字</translation>
    </message>
    <message>
        <source>%1.file: %2</source>
        <translation>%1.file：%2</translation>
    </message>
    <message>
        <source>%1.warmup: the trace holds only %2 requests</source>
        <translation>%1.warmup：轨迹中只有 %2 个请求</translation>
    </message>
    <message>
        <source>%1.requests: the trace holds only %2 requests (warm-up included)</source>
        <translation>%1.requests：轨迹中只有 %2 个请求（含预热）</translation>
    </message>
    <message>
        <source>%1.budget_usd: expected an amount in US dollars above zero</source>
        <translation>%1.budget_usd：应为大于零的美元金额</translation>
    </message>
    <message>
        <source>%1.%2: the values must rise (%3 follows %4)</source>
        <translation>%1.%2：数值必须递增（%3 跟在 %4 之后）</translation>
    </message>
    <message>
        <source>%1.strategies: expected a non-empty list</source>
        <translation>%1.strategies：应为非空列表</translation>
    </message>
    <message>
        <source>%1.strategies[%2]: expected one of %3, each once</source>
        <translation>%1.strategies[%2]：应为 %3 之一，且每项只出现一次</translation>
    </message>
    <message>
        <source>%1.%2: expected a number</source>
        <translation>%1.%2：应为数字</translation>
    </message>
    <message>
        <source>%1.%2: expected a non-empty list of whole numbers</source>
        <translation>%1.%2：应为非空的整数列表</translation>
    </message>
    <message>
        <source>%1.%2[%3]: expected a whole number within %4..%5</source>
        <translation>%1.%2[%3]：应为 %4..%5 之间的整数</translation>
    </message>
    <message>
        <source>%1: expected at least one of input_per_mtok, output_per_mtok, cached_input_per_mtok, cache_write_per_mtok</source>
        <translation>%1：至少需要 input_per_mtok、output_per_mtok、cached_input_per_mtok、cache_write_per_mtok 之一</translation>
    </message>
    <message>
        <source>%1.catalog: expected &quot;provider/model&quot;, such as &quot;openai/gpt-4o-mini&quot;</source>
        <translation>%1.catalog：应为 &quot;provider/model&quot;，例如 &quot;openai/gpt-4o-mini&quot;</translation>
    </message>
    <message>
        <source>%1.url: &quot;%2&quot; is not an http(s) URL</source>
        <translation>%1.url：“%2”不是 http(s) 地址</translation>
    </message>
    <message>
        <source>%1: expected an array of metric names</source>
        <translation>%1：应为指标名数组</translation>
    </message>
    <message>
        <source>%1[%2]: expected a metric name</source>
        <translation>%1[%2]：应为指标名</translation>
    </message>
    <message>
        <source>%1.proxy: must not hold credentials; give them as proxy_auth, a reference such as env:NAME</source>
        <translation>%1.proxy：不得包含凭据；请通过 proxy_auth 以引用形式给出，例如 env:NAME</translation>
    </message>
    <message>
        <source>%1.proxy: &quot;%2&quot; is not an http://HOST:PORT proxy address (or &quot;direct&quot;)</source>
        <translation>%1.proxy：“%2”不是 http://主机:端口 形式的代理地址（也不是“direct”）</translation>
    </message>
    <message>
        <source>%1.%2: must name a file</source>
        <translation>%1.%2：必须是一个文件路径</translation>
    </message>
    <message>
        <source>%1.proxy_auth: must be a reference such as env:NAME or keychain:ID, never the credentials themselves</source>
        <translation>%1.proxy_auth：必须是引用，例如 env:NAME 或 keychain:ID，绝不能是凭据本身</translation>
    </message>
    <message>
        <source>%1.proxy_auth: given with proxy &quot;direct&quot;, which uses no proxy</source>
        <translation>%1.proxy_auth：与代理“direct”一同给出，而“direct”不使用代理</translation>
    </message>
    <message>
        <source>%1: client_cert and client_key go together</source>
        <translation>%1：client_cert 与 client_key 须同时给出</translation>
    </message>
    <message>
        <source>%1.http_version: &quot;%2&quot; is not one of auto, 1.1, 2</source>
        <translation>%1.http_version：“%2”不是 auto、1.1、2 之一</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Context sweep</source>
        <translation>上下文扫描</translation>
    </message>
    <message>
        <source>Context limit</source>
        <translation>上下文上限</translation>
    </message>
    <message>
        <source>Concurrency sweep</source>
        <translation>并发扫描</translation>
    </message>
    <message>
        <source>Streaming stability</source>
        <translation>流式稳定性</translation>
    </message>
    <message>
        <source>Multi-turn recall</source>
        <translation>多轮召回</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>提示词缓存</translation>
    </message>
    <message>
        <source>Resilience</source>
        <translation>韧性</translation>
    </message>
    <message>
        <source>Rate limits</source>
        <translation>速率限制</translation>
    </message>
    <message>
        <source>Determinism</source>
        <translation>确定性</translation>
    </message>
    <message>
        <source>%1.%2: expected seconds, more than 0 and at most %3</source>
        <translation>%1.%2：应为秒数，大于 0 且不超过 %3</translation>
    </message>
    <message>
        <source>%1: only a latency scenario checks its answers against a contract</source>
        <translation>%1：只有延迟场景会按约定检查其回答</translation>
    </message>
    <message>
        <source>%1.golden: golden prompts carry no needle; drop needle_depth</source>
        <translation>%1.golden：标准答案提示不带探针事实；请去掉 needle_depth</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is none of text, json and json_schema</source>
        <translation>%1：“%2”不是 text、json 或 json_schema</translation>
    </message>
    <message>
        <source>%1: only a latency scenario asks for structured output</source>
        <translation>%1：只有延迟场景会要求结构化输出</translation>
    </message>
    <message>
        <source>%1: json_schema asks for the contract&apos;s schema, and the scenario&apos;s contract has none</source>
        <translation>%1：json_schema 要求使用约定中的模式，但该场景的约定没有模式</translation>
    </message>
    <message>
        <source>%1.tools: only a latency scenario offers tools</source>
        <translation>%1.tools：只有延迟场景可以提供工具</translation>
    </message>
    <message>
        <source>%1.tool_choice: the scenario offers no tools</source>
        <translation>%1.tool_choice：该场景没有提供工具</translation>
    </message>
    <message>
        <source>%1.reasoning_effort: &quot;%2&quot; is none of %3</source>
        <translation>%1.reasoning_effort：“%2”不是 %3 之一</translation>
    </message>
</context>
<context>
    <name>ys::SuiteEstimate</name>
    <message>
        <source>Add providers and scenarios to see the estimate</source>
        <translation>添加服务商和场景以查看估算</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>无估算：%1</translation>
    </message>
    <message>
        <source>Estimated cost at most %1, budget %2</source>
        <translation>预估成本最多 %1，预算 %2</translation>
    </message>
    <message>
        <source>Estimated cost at most %1, no budget</source>
        <translation>预估成本最多 %1，无预算</translation>
    </message>
    <message>
        <source>  %1: %2</source>
        <translation>  %1：%2</translation>
    </message>
    <message>
        <source>  %1: unpriced (cost unknown)</source>
        <translation>  %1：未定价（成本未知）</translation>
    </message>
    <message>
        <source>Over the budget: a run asks before it starts.</source>
        <translation>超出预算：运行开始前会先询问。</translation>
    </message>
</context>
<context>
    <name>ys::SuitePage</name>
    <message>
        <source>With the simulated providers</source>
        <translation>使用模拟服务商</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Session %1 ended; its results are on the Results page.</source>
        <translation>会话 %1 已结束；结果见“结果”页面。</translation>
    </message>
    <message>
        <source>Fill the new suite with the built-in simulated providers</source>
        <translation>用内置的模拟服务商填充新套件</translation>
    </message>
    <message>
        <source>&amp;New from template</source>
        <translation>从模板新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Run every provider of this suite through every scenario</source>
        <translation>让该套件中的每个服务商运行每个场景</translation>
    </message>
    <message>
        <source>Template:</source>
        <translation>模板：</translation>
    </message>
    <message>
        <source>Suite</source>
        <translation>套件</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Budget (US$)</source>
        <translation>预算 (US$)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Requirements</source>
        <translation>需求门槛</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Dialect</source>
        <translation>方言</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>New suite, not saved yet</source>
        <translation>新套件，尚未保存</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>● Unsaved changes</source>
        <translation>● 有未保存的更改</translation>
    </message>
    <message>
        <source>Providers: add at least one provider</source>
        <translation>服务商：请至少添加一个服务商</translation>
    </message>
    <message>
        <source>Providers: the name &quot;%1&quot; is used twice</source>
        <translation>服务商：名称“%1”被使用了两次</translation>
    </message>
    <message>
        <source>Scenarios: add at least one scenario</source>
        <translation>场景：请至少添加一个场景</translation>
    </message>
    <message>
        <source>Scenario %1: %2</source>
        <translation>场景 %1：%2</translation>
    </message>
    <message>
        <source>suite</source>
        <translation>套件</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1。%2</translation>
    </message>
    <message>
        <source>Template: unknown template &quot;%1&quot;</source>
        <translation>模板：未知模板“%1”</translation>
    </message>
    <message>
        <source>New suite from the template &quot;%1&quot;</source>
        <translation>基于模板“%1”新建的套件</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Not saved: %1: %2</source>
        <translation>未保存：%1：%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Not run: %1</source>
        <translation>未运行：%1</translation>
    </message>
    <message>
        <source>Running the suite &quot;%1&quot;…</source>
        <translation>正在运行套件“%1”…</translation>
    </message>
    <message>
        <source>Yardstick</source>
        <translation>Yardstick</translation>
    </message>
    <message>
        <source>The suite has unsaved changes. Discard them?</source>
        <translation>套件有未保存的更改。要放弃这些更改吗？</translation>
    </message>
    <message>
        <source>Open suite</source>
        <translation>打开套件</translation>
    </message>
    <message>
        <source>Suites (*.json);;All files (*)</source>
        <translation>套件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save suite</source>
        <translation>保存套件</translation>
    </message>
    <message>
        <source>&amp;Queue on the team store</source>
        <translation>加入团队存储的队列(&amp;Q)</translation>
    </message>
    <message>
        <source>Put this suite in the store&apos;s run queue for the workers to run</source>
        <translation>将此套件放入存储的运行队列，由工作进程运行</translation>
    </message>
    <message>
        <source>Not queued: %1</source>
        <translation>未入队：%1</translation>
    </message>
    <message>
        <source>The suite &quot;%1&quot; is queued as item %2; a worker will run it.</source>
        <translation>套件“%1”已作为第 %2 项入队；将由工作进程运行。</translation>
    </message>
    <message>
        <source>Queuing the suite &quot;%1&quot;…</source>
        <translation>正在将套件“%1”加入队列…</translation>
    </message>
    <message>
        <source>Use case</source>
        <translation>使用场景</translation>
    </message>
</context>
<context>
    <name>ys::SuiteQueue</name>
    <message>
        <source>the suite has no providers</source>
        <translation>该套件没有服务商</translation>
    </message>
    <message>
        <source>no database is open</source>
        <translation>未打开数据库</translation>
    </message>
</context>
<context>
    <name>ys::SuiteTemplates</name>
    <message>
        <source>API selection</source>
        <translation>API 选型</translation>
    </message>
    <message>
        <source>Streaming stability</source>
        <translation>流式稳定性</translation>
    </message>
    <message>
        <source>Context scaling</source>
        <translation>上下文扩展</translation>
    </message>
    <message>
        <source>TCO comparison</source>
        <translation>TCO 对比</translation>
    </message>
    <message>
        <source>Prompts of 102,400 tokens, 384 output tokens, and the three gates of the line preset: P95 ≤ 380 ms, ≤ $0.0015 per 1K tokens, ≥ 128K context (verified).</source>
        <translation>提示词 102,400 tokens，输出 384 tokens，以及该预设的三个门槛：P95 ≤ 380 ms、每 1K tokens ≤ $0.0015、上下文 ≥ 128K（已验证）。</translation>
    </message>
    <message>
        <source>Long streams (2,000 output tokens) with their stalls, and the resilience of three client strategies.</source>
        <translation>长流式输出（2,000 个输出 tokens）及其停顿，以及三种客户端策略的韧性。</translation>
    </message>
    <message>
        <source>Latency and cost from 1K to 128K prompt tokens, and the verified context limit.</source>
        <translation>从 1K 到 128K 提示词 tokens 的延迟与成本，以及经过验证的上下文上限。</translation>
    </message>
    <message>
        <source>The measured cost per token at the usual sizes and a concurrency sweep for self-hosted throughput: the inputs of the TCO break-even.</source>
        <translation>常用规模下实测的每 token 成本，以及用于自托管吞吐量的并发扫描：即 TCO 盈亏平衡的输入数据。</translation>
    </message>
    <message>
        <source>Use case: %1</source>
        <translation>使用场景：%1</translation>
    </message>
</context>
<context>
    <name>ys::TableExportMenu</name>
    <message>
        <source>CSV, comma-separated values (*.csv)</source>
        <translation>CSV，逗号分隔值(*.csv)</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 工作簿(*.xlsx)</translation>
    </message>
    <message>
        <source>&amp;Export table…</source>
        <translation>导出表格(&amp;E)…</translation>
    </message>
    <message>
        <source>Save this table as CSV or as an Excel workbook, numbers as numbers</source>
        <translation>将此表格保存为 CSV 或 Excel 工作簿，数字保持为数字</translation>
    </message>
    <message>
        <source>&amp;Copy as TSV</source>
        <translation>复制为 TSV(&amp;C)</translation>
    </message>
    <message>
        <source>Export table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>%1: cannot be written</source>
        <translation>%1：无法写入</translation>
    </message>
    <message>
        <source>The table was not exported.</source>
        <translation>表格未导出。</translation>
    </message>
    <message>
        <source>Table saved to %1</source>
        <translation>表格已保存到 %1</translation>
    </message>
</context>
<context>
    <name>ys::TableFile</name>
    <message>
        <source>%1: a CSV file holds one table, not %2</source>
        <translation>%1：一个 CSV 文件只能容纳一张表，而不是 %2 张</translation>
    </message>
    <message>
        <source>%1: cannot be written (%2)</source>
        <translation>%1：无法写入（%2）</translation>
    </message>
</context>
<context>
    <name>ys::TableSink</name>
    <message>
        <source>%1: cannot be written (%2)</source>
        <translation>%1：无法写入（%2）</translation>
    </message>
</context>
<context>
    <name>ys::Tco</name>
    <message>
        <source>--%1: %2</source>
        <translation>--%1：%2</translation>
    </message>
    <message>
        <source>%1 is not a price above 0</source>
        <translation>%1 不是大于 0 的价格</translation>
    </message>
    <message>
        <source>%1 is not a count of GPUs (1 or more)</source>
        <translation>%1 不是 GPU 数量（1 或以上）</translation>
    </message>
    <message>
        <source>%1 is outside (0, 1]; write 0.6 for 60%</source>
        <translation>%1 超出 (0, 1]；60% 请写成 0.6</translation>
    </message>
    <message>
        <source>%1 is not an amount of 0 or more</source>
        <translation>%1 不是 0 或以上的金额</translation>
    </message>
    <message>
        <source>%1 is not a throughput above 0</source>
        <translation>%1 不是大于 0 的吞吐量</translation>
    </message>
    <message>
        <source>%1 is not a token count of 0 or more</source>
        <translation>%1 不是 0 或以上的 token 数</translation>
    </message>
    <message>
        <source>%1 ran no concurrency sweep in this session</source>
        <translation>%1 在本会话中没有运行并发扫描</translation>
    </message>
    <message>
        <source>%1&apos;s concurrency sweep has no step with a measured output rate and at most %2% failed attempts</source>
        <translation>%1 的并发扫描中没有一个步骤同时具有实测输出速率且失败尝试不超过 %2%</translation>
    </message>
    <message>
        <source>%1&apos;s concurrency sweep step at concurrency %2 has no reported prompt tokens, so its throughput in input plus output tokens is unknown</source>
        <translation>%1 的并发扫描在并发 %2 的一步没有报告提示词元，因此其以输入加输出词元计的吞吐量未知</translation>
    </message>
    <message>
        <source>%1 is not a count of deployments (0 or more)</source>
        <translation>%1 不是部署数量（0 或以上）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a kind of fine-tuning (lora or full)</source>
        <translation>&quot;%1&quot; 不是微调类型（lora 或 full）</translation>
    </message>
    <message>
        <source>%1 is not a number of GPU-hours above 0</source>
        <translation>%1 不是大于 0 的 GPU 小时数</translation>
    </message>
    <message>
        <source>%1 is not a number of runs a year above 0</source>
        <translation>%1 不是大于 0 的每年次数</translation>
    </message>
    <message>
        <source>%1 is not a GPU price above 0</source>
        <translation>%1 不是大于 0 的 GPU 价格</translation>
    </message>
    <message>
        <source>GPU $/h</source>
        <translation>GPU $/小时</translation>
    </message>
    <message>
        <source>GPUs per deployment</source>
        <translation>每部署 GPU 数</translation>
    </message>
    <message>
        <source>utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>operations $/month</source>
        <translation>运维 $/月</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>API $/1M</source>
        <translation>API $/1M</translation>
    </message>
    <message>
        <source>standby deployments</source>
        <translation>备用部署</translation>
    </message>
    <message>
        <source>fine-tuning $/month</source>
        <translation>微调 $/月</translation>
    </message>
</context>
<context>
    <name>ys::TcoChart</name>
    <message>
        <source>API vs self-hosting, a month</source>
        <translation>API 与自托管对比（每月）</translation>
    </message>
    <message>
        <source>Tokens a month (millions)</source>
        <translation>每月 tokens（百万）</translation>
    </message>
    <message>
        <source>Cost a month ($)</source>
        <translation>每月成本 ($)</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Self-hosted</source>
        <translation>自托管</translation>
    </message>
    <message>
        <source>Break-even: %L1M tokens a month</source>
        <translation>盈亏平衡点：每月 %L1M tokens</translation>
    </message>
    <message>
        <source>Your volume</source>
        <translation>您的用量</translation>
    </message>
</context>
<context>
    <name>ys::TcoForm</name>
    <message>
        <source>GPU price per hour ($)</source>
        <translation>GPU 每小时价格 ($)</translation>
    </message>
    <message>
        <source>GPUs per deployment</source>
        <translation>每个部署的 GPU 数</translation>
    </message>
    <message>
        <source>Utilisation (0–1]</source>
        <translation>利用率 (0–1]</translation>
    </message>
    <message>
        <source>Operations per month ($)</source>
        <translation>每月运维费用 ($)</translation>
    </message>
    <message>
        <source>Throughput (tokens/s)</source>
        <translation>吞吐量 (tokens/s)</translation>
    </message>
    <message>
        <source>API price per 1M tokens ($)</source>
        <translation>API 每 1M tokens 价格 ($)</translation>
    </message>
    <message>
        <source>Tokens per month</source>
        <translation>每月 tokens</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <source>%1 is not a whole number</source>
        <translation>%1 不是整数</translation>
    </message>
    <message>
        <source>given</source>
        <translation>给定值</translation>
    </message>
    <message>
        <source>Break-even at %L1M tokens a month.</source>
        <translation>盈亏平衡点：每月 %L1M tokens。</translation>
    </message>
    <message>
        <source>Self-hosting never pays off at this utilisation.</source>
        <translation>在此利用率下，自托管永远无法回本。</translation>
    </message>
    <message>
        <source>At %L1M tokens a month: API $%L2, self-hosted $%L3 (%4). %5</source>
        <translation>每月 %L1M tokens 时：API $%L2，自托管 $%L3（%4）。%5</translation>
    </message>
    <message>
        <source>self-hosting is cheaper</source>
        <translation>自托管更便宜</translation>
    </message>
    <message>
        <source>the API is cheaper</source>
        <translation>API 更便宜</translation>
    </message>
    <message>
        <source>Select a session, then the providers to take the price and the throughput from.</source>
        <translation>请先选择一个会话，再选择提供价格和吞吐量的服务商。</translation>
    </message>
    <message>
        <source>Choose the provider to take the API price from.</source>
        <translation>请选择提供 API 价格的服务商。</translation>
    </message>
    <message>
        <source>%1 has no measured cost.</source>
        <translation>%1 没有实测成本。</translation>
    </message>
    <message>
        <source>Choose the provider to take the throughput from.</source>
        <translation>请选择提供吞吐量的服务商。</translation>
    </message>
    <message>
        <source>Standby deployments</source>
        <translation>备用部署</translation>
    </message>
    <message>
        <source>Fine-tuning GPU-hours per run</source>
        <translation>每次微调的 GPU 小时数</translation>
    </message>
    <message>
        <source>Fine-tuning runs a year</source>
        <translation>每年微调次数</translation>
    </message>
    <message>
        <source>Fine-tuning GPU price per hour ($)</source>
        <translation>微调 GPU 每小时价格（$）</translation>
    </message>
    <message>
        <source>%1 is not a whole number of 0 or more</source>
        <translation>%1 不是 0 或以上的整数</translation>
    </message>
    <message>
        <source>%1 is not above 0</source>
        <translation>%1 不大于 0</translation>
    </message>
</context>
<context>
    <name>ys::TcoPage</name>
    <message>
        <source>Inputs</source>
        <translation>输入参数</translation>
    </message>
    <message>
        <source>Use these measurements</source>
        <translation>使用这些测量值</translation>
    </message>
    <message>
        <source>The API price from one provider&apos;s measured cost, the throughput from another&apos;s best sustained concurrency-sweep step (prompt plus output tokens per second)</source>
        <translation>API 价格取自一个服务商的实测成本，吞吐量取自另一个服务商并发扫描中最佳的可持续一步（每秒提示词元加输出词元）</translation>
    </message>
    <message>
        <source>API price from</source>
        <translation>API 价格取自</translation>
    </message>
    <message>
        <source>Throughput from</source>
        <translation>吞吐量取自</translation>
    </message>
    <message>
        <source>Hidden costs</source>
        <translation>隐性成本</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>全量</translation>
    </message>
    <message>
        <source>Fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>none: no fine-tuning</source>
        <translation>无：不做微调</translation>
    </message>
    <message>
        <source>the deployment&apos;s</source>
        <translation>与部署相同</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感性</translation>
    </message>
</context>
<context>
    <name>ys::TcoSensitivityModel</name>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>High</source>
        <translation>高</translation>
    </message>
    <message>
        <source>Break-even low</source>
        <translation>盈亏平衡（低）</translation>
    </message>
    <message>
        <source>Break-even high</source>
        <translation>盈亏平衡（高）</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>变动</translation>
    </message>
    <message>
        <source>The break-even exists at one end only</source>
        <translation>仅在一端存在盈亏平衡点</translation>
    </message>
</context>
<context>
    <name>ys::TcoText</name>
    <message>
        <source>Standby deployments: %1, %2 a month</source>
        <translation>备用部署：%1 个，每月 %2</translation>
    </message>
    <message>
        <source>Fine-tuning (%1): %2 GPU-hours × %3/h × %4 runs a year / 12 = %5 a month</source>
        <translation>微调（%1）：%2 GPU 小时 × %3/小时 × 每年 %4 次 / 12 = 每月 %5</translation>
    </message>
    <message>
        <source>Hidden costs: %1 a month (included above)</source>
        <translation>隐性成本：每月 %1（已计入上文）</translation>
    </message>
    <message>
        <source>Sensitivity: the break-even when one input moves alone (±10%, counts ±1), largest move first</source>
        <translation>敏感性：单独变动一个输入时的盈亏平衡点（±10%，计数 ±1），变动最大者在前</translation>
    </message>
    <message>
        <source>never</source>
        <translation>永不</translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation>无界</translation>
    </message>
</context>
<context>
    <name>ys::TcpStream</name>
    <message>
        <source>host not found: %1</source>
        <translation>找不到主机：%1</translation>
    </message>
    <message>
        <source>cannot resolve %1: %2</source>
        <translation>无法解析 %1：%2</translation>
    </message>
    <message>
        <source>connection refused by %1:%2</source>
        <translation>%1:%2 拒绝了连接</translation>
    </message>
    <message>
        <source>the server reset the connection</source>
        <translation>服务器重置了连接</translation>
    </message>
    <message>
        <source>network error with %1:%2: %3</source>
        <translation>与 %1:%2 通信时出现网络错误：%3</translation>
    </message>
    <message>
        <source>the proxy %1:%2 closed the connection instead of opening a tunnel</source>
        <translation>代理 %1:%2 关闭了连接，没有建立隧道</translation>
    </message>
    <message>
        <source>the proxy&apos;s answer to CONNECT is too long</source>
        <translation>代理对 CONNECT 的应答过长</translation>
    </message>
    <message>
        <source>the proxy %1:%2 refused the tunnel to %3: %4</source>
        <translation>代理 %1:%2 拒绝建立到 %3 的隧道：%4</translation>
    </message>
    <message>
        <source>the server closed the connection during the TLS handshake</source>
        <translation>服务器在 TLS 握手期间关闭了连接</translation>
    </message>
</context>
<context>
    <name>ys::TeamPage</name>
    <message>
        <source>A PostgreSQL team store (postgresql://user@host/database; the password from PGPASSWORD, ~/.pgpass or ?password_ref=) or an SQLite file; the workbench&apos;s own database to begin with</source>
        <translation>PostgreSQL 团队存储（postgresql://user@host/database；密码取自 PGPASSWORD、~/.pgpass 或 ?password_ref=）或 SQLite 文件；初始为工作台自身的数据库</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Store</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Run queue</source>
        <translation>运行队列</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>the suite&apos;s name</source>
        <translation>套件名称</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>6h, 30m, 1d</source>
        <translation>6h, 30m, 1d</translation>
    </message>
    <message>
        <source>09:00,15:00 (UTC)</source>
        <translation>09:00,15:00 (UTC)</translation>
    </message>
    <message>
        <source>Add schedule</source>
        <translation>添加计划</translation>
    </message>
    <message>
        <source>Remove the selected schedule</source>
        <translation>移除所选计划</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Suite file</source>
        <translation>套件文件</translation>
    </message>
    <message>
        <source>Every</source>
        <translation>每隔</translation>
    </message>
    <message>
        <source>Or at times of day</source>
        <translation>或在每天的时刻</translation>
    </message>
    <message>
        <source>Suites (*.json);;All files (*)</source>
        <translation>套件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>The schedule was not added: %1</source>
        <translation>未添加计划：%1</translation>
    </message>
    <message>
        <source>Select the schedule to remove</source>
        <translation>请选择要移除的计划</translation>
    </message>
    <message>
        <source>The schedule was not removed: %1</source>
        <translation>未移除计划：%1</translation>
    </message>
    <message>
        <source>%1 queued, %2 running, %3 done, %4 failed; %5 worker(s) seen; %6 schedule(s)</source>
        <translation>%1 个排队，%2 个运行中，%3 个已完成，%4 个失败；已见 %5 个工作进程；%6 个计划</translation>
    </message>
    <message>
        <source>Nothing is queued here yet: put a suite in the queue with Queue on the team store on the Suite page, or add a schedule below; yardstick-cli worker on any machine runs what is queued.</source>
        <translation>这里还没有排队的条目：在“套件”页用“加入团队存储的队列”放入一个套件，或在下方添加计划；任意机器上运行的 Yardstick 命令行工作进程会执行队列中的条目。</translation>
    </message>
</context>
<context>
    <name>ys::TeamPresenter</name>
    <message>
        <source>Store: give a PostgreSQL URL (postgresql://user@host/database) or an SQLite file</source>
        <translation>存储：请填写 PostgreSQL URL（postgresql://user@host/database）或 SQLite 文件</translation>
    </message>
    <message>
        <source>Store: %1: no such database</source>
        <translation>存储：%1：没有这个数据库</translation>
    </message>
    <message>
        <source>Every / At: give one of the two, an interval such as 6h or times of day such as 09:00,15:00</source>
        <translation>每隔 / 时刻：二者填一项，间隔如 6h，或每天的时刻如 09:00,15:00</translation>
    </message>
    <message>
        <source>Every: &quot;%1&quot; is not an interval such as 2m, 6h or 1d</source>
        <translation>每隔：“%1”不是形如 2m、6h 或 1d 的间隔</translation>
    </message>
    <message>
        <source>At: &quot;%1&quot; is not a list of times of day such as 09:00,15:00</source>
        <translation>时刻：“%1”不是形如 09:00,15:00 的时刻列表</translation>
    </message>
    <message>
        <source>Suite file: choose the suite the schedule runs</source>
        <translation>套件文件：请选择计划要运行的套件</translation>
    </message>
    <message>
        <source>Suite file: %1</source>
        <translation>套件文件：%1</translation>
    </message>
</context>
<context>
    <name>ys::TeamStatus</name>
    <message>
        <source>Could not read the sessions&apos; heartbeats: %1</source>
        <translation>无法读取会话的心跳：%1</translation>
    </message>
</context>
<context>
    <name>ys::TlsSession</name>
    <message>
        <source>OpenSSL: %1</source>
        <translation>OpenSSL：%1</translation>
    </message>
    <message>
        <source>the client certificate or its key cannot be used: %1</source>
        <translation>无法使用客户端证书或其私钥：%1</translation>
    </message>
    <message>
        <source>the server&apos;s certificate is not trusted: %1</source>
        <translation>服务器证书不受信任：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>the TLS handshake failed</source>
        <translation>TLS 握手失败</translation>
    </message>
    <message>
        <source>TLS error</source>
        <translation>TLS 错误</translation>
    </message>
</context>
<context>
    <name>ys::Tokenizer</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>The rank file is not a tiktoken rank file: it needs pat_str, special_tokens and bpe_ranks.</source>
        <translation>该排名文件不是 tiktoken 排名文件：需要包含 pat_str、special_tokens 和 bpe_ranks。</translation>
    </message>
    <message>
        <source>The rank file&apos;s bpe_ranks or special_tokens are damaged.</source>
        <translation>该排名文件的 bpe_ranks 或 special_tokens 已损坏。</translation>
    </message>
    <message>
        <source>The rank file&apos;s pre-tokenizer pattern is not that of %1.</source>
        <translation>该排名文件的预分词模式与 %1 不一致。</translation>
    </message>
</context>
<context>
    <name>ys::ToolCheck</name>
    <message>
        <source>called &quot;%1&quot;, which the request did not offer</source>
        <translation>调用了“%1”，但请求中没有提供该工具</translation>
    </message>
    <message>
        <source>called &quot;%1&quot;; the request asked for &quot;%2&quot;</source>
        <translation>调用了“%1”；请求要求调用“%2”</translation>
    </message>
    <message>
        <source>&quot;%1&quot; was called without arguments</source>
        <translation>调用“%1”时没有参数</translation>
    </message>
    <message>
        <source>the arguments of &quot;%1&quot; are not JSON at byte %2 of %3</source>
        <translation>“%1”的参数在第 %2 字节处（共 %3 字节）不是 JSON</translation>
    </message>
    <message>
        <source>the arguments of &quot;%1&quot;: %2</source>
        <translation>“%1”的参数：%2</translation>
    </message>
    <message>
        <source>no tool call; the request asked for one</source>
        <translation>没有工具调用；请求要求调用工具</translation>
    </message>
</context>
<context>
    <name>ys::ToolUse</name>
    <message>
        <source>%1: expected an object with name and parameters</source>
        <translation>%1：应为包含 name 和 parameters 的对象</translation>
    </message>
    <message>
        <source>%1.name: &quot;%2&quot; is not a function name (letters, digits, _ and -, at most 64, not starting with a digit or -)</source>
        <translation>%1.name：“%2”不是函数名（字母、数字、_ 和 -，最多 64 个，不能以数字或 - 开头）</translation>
    </message>
    <message>
        <source>%1.parameters: a function&apos;s arguments are an object: the schema&apos;s type must be &quot;object&quot;</source>
        <translation>%1.parameters：函数的参数是一个对象：JSON 模式的 type 必须为 &quot;object&quot;</translation>
    </message>
    <message>
        <source>%1: expected a non-empty array of tools</source>
        <translation>%1：应为非空的工具数组</translation>
    </message>
    <message>
        <source>%1.name: a second tool named &quot;%2&quot;</source>
        <translation>%1.name：第二个名为“%2”的工具</translation>
    </message>
    <message>
        <source>%1: expected &quot;required&quot;, &quot;auto&quot; or a tool&apos;s name</source>
        <translation>%1：应为 &quot;required&quot;、&quot;auto&quot; 或某个工具的名称</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is neither required, auto nor one of the tools</source>
        <translation>%1：“%2”既不是 required、auto，也不是任何一个工具</translation>
    </message>
</context>
<context>
    <name>ys::Trace</name>
    <message>
        <source>%1: expected a whole number of tokens, %2 to %3</source>
        <translation>%1：应为 %2 到 %3 之间的整数 token 数</translation>
    </message>
    <message>
        <source>%1: expected milliseconds, zero or more (at most a year)</source>
        <translation>%1：应为毫秒数，大于或等于零（最多一年）</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>missing field &quot;timestamp&quot; (or &quot;offset_ms&quot;)</source>
        <translation>缺少字段 &quot;timestamp&quot;（或 &quot;offset_ms&quot;）</translation>
    </message>
    <message>
        <source>missing field &quot;input_length&quot; (or &quot;input_tokens&quot;)</source>
        <translation>缺少字段 &quot;input_length&quot;（或 &quot;input_tokens&quot;）</translation>
    </message>
    <message>
        <source>missing field &quot;output_length&quot; (or &quot;output_tokens&quot;)</source>
        <translation>缺少字段 &quot;output_length&quot;（或 &quot;output_tokens&quot;）</translation>
    </message>
    <message>
        <source>expected a header of offset_ms,input_tokens,output_tokens or TIMESTAMP,ContextTokens,GeneratedTokens</source>
        <translation>应有表头 offset_ms,input_tokens,output_tokens 或 TIMESTAMP,ContextTokens,GeneratedTokens</translation>
    </message>
    <message>
        <source>expected %1 comma-separated values, found %2</source>
        <translation>应有 %1 个逗号分隔的值，实际为 %2 个</translation>
    </message>
    <message>
        <source>TIMESTAMP: expected a date and time such as 2023-11-16 18:15:46.6805900</source>
        <translation>TIMESTAMP：应为日期时间，例如 2023-11-16 18:15:46.6805900</translation>
    </message>
    <message>
        <source>a trace holds at most %1 requests</source>
        <translation>轨迹最多包含 %1 个请求</translation>
    </message>
    <message>
        <source>%1, line %2: %3</source>
        <translation>%1，第 %2 行：%3</translation>
    </message>
    <message>
        <source>%1: the trace holds no requests</source>
        <translation>%1：轨迹中没有请求</translation>
    </message>
    <message>
        <source>%1: cannot read the trace (%2)</source>
        <translation>%1：无法读取轨迹（%2）</translation>
    </message>
</context>
<context>
    <name>ys::TransportOptions</name>
    <message>
        <source>%1 &quot;%2&quot;: cannot be read (%3)</source>
        <translation>%1“%2”：无法读取（%3）</translation>
    </message>
    <message>
        <source>ca_file &quot;%1&quot;: holds no PEM certificate</source>
        <translation>ca_file“%1”：其中没有 PEM 证书</translation>
    </message>
    <message>
        <source>client_cert &quot;%1&quot;: holds no PEM certificate</source>
        <translation>client_cert“%1”：其中没有 PEM 证书</translation>
    </message>
    <message>
        <source>client_key &quot;%1&quot;: holds no unencrypted PEM private key</source>
        <translation>client_key“%1”：其中没有未加密的 PEM 私钥</translation>
    </message>
    <message>
        <source>proxy_auth: %1</source>
        <translation>proxy_auth：%1</translation>
    </message>
</context>
<context>
    <name>ys::UsageQuery</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ys::UseCase</name>
    <message>
        <source>Real-time support</source>
        <translation>实时客服</translation>
    </message>
    <message>
        <source>A live support chat: answers within the line, the first words at once, at the line&apos;s price, with a window for long conversations.</source>
        <translation>在线客服聊天：回答不超出限定，首批文字即时出现，价格不超线，窗口可容纳长对话。</translation>
    </message>
    <message>
        <source>Coding assistant</source>
        <translation>编程助手</translation>
    </message>
    <message>
        <source>Completions and edits in an editor: the first token within 500 ms, long answers streamed fast, a window that takes a repository&apos;s context.</source>
        <translation>编辑器中的补全与编辑：首个 token 在 500 ms 内返回，长回答快速流式输出，窗口能容纳代码仓库的上下文。</translation>
    </message>
    <message>
        <source>Knowledge-base summaries</source>
        <translation>知识库摘要</translation>
    </message>
    <message>
        <source>Summaries of long documents: the whole document in one call on a long window, or in overlapping chunks on a short one; what was really billed decides.</source>
        <translation>长文档摘要：在长窗口上整篇文档一次调用，或在短窗口上按重叠分块处理；以实际计费为准。</translation>
    </message>
    <message>
        <source>Compliance review</source>
        <translation>合规审查</translation>
    </message>
    <message>
        <source>Auditable review of filings in batches: every answer kept and reproducible, whole filings in the window, the billed cost.</source>
        <translation>对申报文件进行可审计的批量审查：每个回答都保留且可复现，整份文件放入窗口，以实际计费成本为准。</translation>
    </message>
    <message>
        <source>Batch and offline</source>
        <translation>批处理与离线</translation>
    </message>
    <message>
        <source>Jobs nobody waits for: the lowest billed cost and the throughput to finish the batch in time.</source>
        <translation>无人等待的作业：最低的计费成本，以及按时完成批次所需的吞吐量。</translation>
    </message>
    <message>
        <source>%1: neither a use-case file nor a bundled use case (known: %2)</source>
        <translation>%1：既不是使用场景文件，也不是内置使用场景（已知：%2）</translation>
    </message>
    <message>
        <source>%1: cannot read the use-case file (%2)</source>
        <translation>%1：无法读取使用场景文件（%2）</translation>
    </message>
    <message>
        <source>%1.%2: expected a number above zero (or null for none)</source>
        <translation>%1.%2：应为大于零的数字（或 null 表示无）</translation>
    </message>
    <message>
        <source>%1.%2: expected a whole number of tokens within %3..%4</source>
        <translation>%1.%2：应为 %3..%4 范围内的整数个 token</translation>
    </message>
    <message>
        <source>%1: expected an object of document_tokens, chunk_tokens, overlap_tokens, instruction_tokens, summary_tokens and parallel</source>
        <translation>%1：应为含 document_tokens、chunk_tokens、overlap_tokens、instruction_tokens、summary_tokens 和 parallel 的对象</translation>
    </message>
    <message>
        <source>%1.overlap_tokens: %2 is not below chunk_tokens (%3)</source>
        <translation>%1.overlap_tokens：%2 不小于 chunk_tokens（%3）</translation>
    </message>
    <message>
        <source>%1: expected an object of figure names and weights, e.g. {&quot;cost&quot;: 0.5, &quot;ttft_p95&quot;: 0.5}</source>
        <translation>%1：应为由指标名称和权重组成的对象，例如 {&quot;cost&quot;: 0.5, &quot;ttft_p95&quot;: 0.5}</translation>
    </message>
    <message>
        <source>%1.%2: expected a weight ≥ 0</source>
        <translation>%1.%2：应为 ≥ 0 的权重</translation>
    </message>
    <message>
        <source>%1: the weights may not all be 0</source>
        <translation>%1：权重不能全部为 0</translation>
    </message>
    <message>
        <source>%1.preset: unknown use case &quot;%2&quot; (known: %3)</source>
        <translation>%1.preset：未知的使用场景“%2”（已知：%3）</translation>
    </message>
    <message>
        <source>%1.id: expected a non-empty name</source>
        <translation>%1.id：应为非空名称</translation>
    </message>
    <message>
        <source>%1: unknown use case &quot;%2&quot; (known: %3)</source>
        <translation>%1：未知的使用场景“%2”（已知：%3）</translation>
    </message>
    <message>
        <source>%1: expected a bundled use case&apos;s id or an object</source>
        <translation>%1：应为内置使用场景的 ID 或对象</translation>
    </message>
</context>
<context>
    <name>ys::UseCaseForm</name>
    <message>
        <source>Tokens per month</source>
        <translation>每月 token 数</translation>
    </message>
    <message>
        <source>Peak requests per second</source>
        <translation>峰值每秒请求数</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 (the suite&apos;s own)</source>
        <translation>%1（套件自带）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number of tokens (e.g. 300M, 2B)</source>
        <translation>&quot;%1&quot; 不是 token 数（例如 300M、2B）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number</source>
        <translation>&quot;%1&quot; 不是数字</translation>
    </message>
    <message>
        <source>%1 is not above zero</source>
        <translation>%1 不大于零</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>No use case: the suite&apos;s requirements alone decide which providers qualify.</source>
        <translation>未设使用场景：仅由套件的要求决定哪些服务商达标。</translation>
    </message>
    <message>
        <source>It sets no requirements.</source>
        <translation>它未设任何要求。</translation>
    </message>
    <message>
        <source>It requires %1.</source>
        <translation>它要求：%1。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
</context>
<context>
    <name>ys::UseCaseFormWidget</name>
    <message>
        <source>What the suite&apos;s sessions are read for: its requirements, how providers are ranked and the volume its cost is quoted at</source>
        <translation>套件会话的解读依据：其要求、服务商的排序方式，以及成本报价所依据的用量</translation>
    </message>
    <message>
        <source>Open use case…</source>
        <translation>打开使用场景…</translation>
    </message>
    <message>
        <source>Read a use-case file of your own and choose it</source>
        <translation>读取自己的使用场景文件并选用它</translation>
    </message>
    <message>
        <source>Use case</source>
        <translation>使用场景</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Input and output tokens a month, e.g. 300M or 2B; empty: none</source>
        <translation>每月输入与输出 token 数，例如 300M 或 2B；留空：无</translation>
    </message>
    <message>
        <source>Requests per second at the busiest time; empty: none</source>
        <translation>最繁忙时每秒的请求数；留空：无</translation>
    </message>
    <message>
        <source>Read the use case &quot;%1&quot; from %2</source>
        <translation>已从 %2 读取使用场景 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Open use case</source>
        <translation>打开使用场景</translation>
    </message>
    <message>
        <source>Use cases (*.json);;All files (*)</source>
        <translation>使用场景 (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>ys::VerdictCards</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2</translation>
    </message>
    <message>
        <source>no key figure</source>
        <translation>无关键指标</translation>
    </message>
    <message>
        <source>No scenario with a verdict in this session</source>
        <translation>本会话中没有带结论的场景</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>ys::VerdictSentence</name>
    <message>
        <source> A 200K prompt costs %1 times what a 128K one does</source>
        <translation>200K 提示的成本是 128K 提示的 %1 倍</translation>
    </message>
    <message>
        <source> A 200K prompt waits %1 times as long for its first token as a 128K one</source>
        <translation>200K 提示等待首 token 的时间是 128K 提示的 %1 倍</translation>
    </message>
    <message>
        <source> (extrapolated past the sweep).</source>
        <translation>（超出扫描范围外推）。</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>Not probed: %1.</source>
        <translation>未探测：%1。</translation>
    </message>
    <message>
        <source>Cuts prompts past %1 tokens without an error, and answers as if it had read them.</source>
        <translation>超过 %1 token 的提示被静默截断且不报错，回答时却像已读完全文。</translation>
    </message>
    <message numerus="yes">
        <source>Takes %1 tokens whole, the window it claims (%n probe(s)).</source>
        <translation>
            <numerusform>完整接受 %1 token，即其声明的窗口（%n 次探测）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Claims %1 tokens but takes %2 whole; the first prompt refused had %3.</source>
        <translation>声明 %1 token，但只完整接受 %2；第一个被拒的提示有 %3。</translation>
    </message>
    <message>
        <source>Takes %1 tokens whole; no claim to check it against.</source>
        <translation>完整接受 %1 token；没有可对照的声明值。</translation>
    </message>
    <message>
        <source>Undecided: no prompt size was shown to fit.</source>
        <translation>无法判定：没有任何提示长度被证实可以容纳。</translation>
    </message>
    <message>
        <source> The model does not repeat the planted fact, so the window was judged from errors and the prompt tokens it reported.</source>
        <translation>模型不复述埋入的事实，因此窗口根据错误和其报告的提示 token 数判定。</translation>
    </message>
    <message>
        <source> From %1 tokens it no longer repeats the fact: a finding on its recall, not on its window.</source>
        <translation>从 %1 token 起不再复述该事实：这是关于其回忆能力的发现，而非关于窗口。</translation>
    </message>
    <message>
        <source>Undecided: too few cold and warm pairs answered.</source>
        <translation>无法判定：得到应答的冷/热请求对太少。</translation>
    </message>
    <message>
        <source>A repeated prefix is served from a cache: time to first token goes from %1 cold to %2 warm.</source>
        <translation>重复的前缀由缓存提供：首 token 时间从冷启动的 %1 降至预热后的 %2。</translation>
    </message>
    <message>
        <source>A repeated prefix is served from a cache.</source>
        <translation>重复的前缀由缓存提供。</translation>
    </message>
    <message>
        <source>No prefix cache seen: time to first token %1 cold, %2 warm.</source>
        <translation>未发现前缀缓存：首 token 时间冷启动 %1，预热后 %2。</translation>
    </message>
    <message>
        <source>No prefix cache seen.</source>
        <translation>未发现前缀缓存。</translation>
    </message>
    <message>
        <source> The provider reports %1 of the prompt as cached</source>
        <translation>提供商报告 %1 的提示来自缓存</translation>
    </message>
    <message>
        <source>, saving %1 per request.</source>
        <translation>，每请求节省 %1。</translation>
    </message>
    <message>
        <source>, with no saving on its prices.</source>
        <translation>，但按其价格没有节省。</translation>
    </message>
    <message>
        <source>Undecided: no prompt was answered twice.</source>
        <translation>无法判定：没有提示得到两次应答。</translation>
    </message>
    <message>
        <source>At temperature 0, %1 of %2 answers to %3 prompts are identical (%4 distinct answers).</source>
        <translation>温度为 0 时，对 %3 个提示的 %2 个回答中有 %1 完全相同（%4 个不同回答）。</translation>
    </message>
    <message>
        <source>The model never repeated the fact, so recall cannot tell when the history lost it.</source>
        <translation>模型从未复述该事实，因此无法通过回忆判断历史是何时丢失它的。</translation>
    </message>
    <message>
        <source>Loses the fact told in the first turn at turn %1</source>
        <translation>在第 %1 轮丢失了第一轮告知的事实</translation>
    </message>
    <message>
        <source>Keeps the fact told in the first turn through turn %1</source>
        <translation>直到第 %1 轮仍记得第一轮告知的事实</translation>
    </message>
    <message>
        <source> (recall %1 at the last turn).</source>
        <translation>（最后一轮回忆率 %1）。</translation>
    </message>
    <message>
        <source> From turn %1 the provider cuts the history without an error.</source>
        <translation>从第 %1 轮起，提供商静默截断历史且不报错。</translation>
    </message>
    <message>
        <source> From turn %1 most requests fail.</source>
        <translation>从第 %1 轮起大多数请求失败。</translation>
    </message>
    <message>
        <source>Undecided: no request was sent.</source>
        <translation>无法判定：未发送请求。</translation>
    </message>
    <message>
        <source>Refuses requests (429) from %1 req/s: %2 of %3 limited.</source>
        <translation>从 %1 请求/秒起拒绝请求（429）：%3 个中有 %2 个被限流。</translation>
    </message>
    <message>
        <source>No request refused (429) up to %1 req/s, %2 requests sent.</source>
        <translation>直到 %1 请求/秒都没有请求被拒（429），共发送 %2 个请求。</translation>
    </message>
    <message>
        <source> Measured limit: %1 requests a minute.</source>
        <translation>实测限额：每分钟 %1 个请求。</translation>
    </message>
    <message>
        <source>no retry</source>
        <translation>不重试</translation>
    </message>
    <message>
        <source>retries</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>a breaker and fallbacks</source>
        <translation>熔断与降级</translation>
    </message>
    <message>
        <source>%1 with %2</source>
        <translation>%2 时 %1</translation>
    </message>
    <message>
        <source> (P95 %1)</source>
        <translation>（P95 %1）</translation>
    </message>
    <message>
        <source>Undecided: no request was answered.</source>
        <translation>无法判定：没有请求得到应答。</translation>
    </message>
    <message>
        <source>Answers within the %1 ms objective: %2.</source>
        <translation>在 %1 ms 目标内应答的比例：%2。</translation>
    </message>
    <message>
        <source>No level of the sweep was run.</source>
        <translation>扫描的任何档位都未运行。</translation>
    </message>
    <message>
        <source>Throughput stops growing at %1 requests in flight: past it, more load only waits longer.</source>
        <translation>并发达到 %1 个请求时吞吐量不再增长：超过后，更多负载只会等待更久。</translation>
    </message>
    <message>
        <source>Throughput still grows at %1 requests in flight, the most the sweep tried.</source>
        <translation>在扫描尝试的最高并发 %1 个请求时吞吐量仍在增长。</translation>
    </message>
    <message>
        <source>too few attempts or prompt sizes</source>
        <translation>尝试次数或提示长度太少</translation>
    </message>
    <message>
        <source>a value or prompt size is not positive</source>
        <translation>某个数值或提示长度不是正数</translation>
    </message>
    <message>
        <source>the solver did not converge</source>
        <translation>求解器未收敛</translation>
    </message>
    <message>
        <source>its parameters cannot be told apart</source>
        <translation>其参数无法区分</translation>
    </message>
    <message>
        <source>The cost curve could not be fitted: %1.</source>
        <translation>无法拟合成本曲线：%1。</translation>
    </message>
    <message>
        <source>Each further 10K prompt tokens cost %1 at 128K and %2 at 200K (R² %3).</source>
        <translation>每多 10K 提示 token，在 128K 处多花 %1，在 200K 处多花 %2（R² %3）。</translation>
    </message>
    <message>
        <source>The time-to-first-token curve could not be fitted: %1.</source>
        <translation>无法拟合首 token 时间曲线：%1。</translation>
    </message>
    <message>
        <source>Each further 10K prompt tokens add %1 to the time to first token at 128K and %2 at 200K (R² %3).</source>
        <translation>每多 10K 提示 token，首 token 时间在 128K 处增加 %1，在 200K 处增加 %2（R² %3）。</translation>
    </message>
</context>
<context>
    <name>ys::VerdictText</name>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <translation>无定论</translation>
    </message>
    <message>
        <source>%L1 tokens verified</source>
        <translation>已验证 %L1 tokens</translation>
    </message>
    <message>
        <source>TTFT %1%2 ms when warm</source>
        <translation>热连接时 TTFT %1%2 ms</translation>
    </message>
    <message>
        <source>%1 of the prompt cached</source>
        <translation>提示词的 %1 已缓存</translation>
    </message>
    <message>
        <source>%1 identical</source>
        <translation>%1 一致</translation>
    </message>
    <message>
        <source>recall %1 at turn %2</source>
        <translation>第 %2 轮召回率 %1</translation>
    </message>
    <message>
        <source>first 429 at %1 req/s</source>
        <translation>在 %1 请求/秒时首次出现 429</translation>
    </message>
    <message>
        <source>no 429 up to %1 req/s</source>
        <translation>直至 %1 请求/秒未出现 429</translation>
    </message>
    <message>
        <source>SLO met %1 with %2</source>
        <translation>使用 %2 时 SLO 达成 %1</translation>
    </message>
</context>
<context>
    <name>ys::WindowHabits</name>
    <message>
        <source>Language: %1. Labels that do not change now change at the next start.</source>
        <translation>语言：%1。未能立即更新的标签将在下次启动时更新。</translation>
    </message>
    <message>
        <source>&amp;Next page</source>
        <translation>下一页(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous page</source>
        <translation>上一页(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Loading session %1… %2 s</source>
        <translation>正在加载会话 %1… %2 s</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>正在运行</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Sessions: %1</source>
        <translation>会话：%1</translation>
    </message>
    <message>
        <source>session %1 — providers: %2, attempts: %3</source>
        <translation>会话 %1 — 服务商：%2，尝试：%3</translation>
    </message>
    <message>
        <source>Reading the sessions…</source>
        <translation>正在读取会话…</translation>
    </message>
</context>
<context>
    <name>ys::Workbench</name>
    <message>
        <source>This build has no simulator for the demo</source>
        <translation>此版本没有用于演示的模拟器</translation>
    </message>
    <message>
        <source>Select a session first</source>
        <translation>请先选择一个会话</translation>
    </message>
    <message>
        <source>The suite of session %1 cannot be read</source>
        <translation>无法读取会话 %1 的套件</translation>
    </message>
    <message>
        <source>The demo runs without a queue item: %1</source>
        <translation>演示未作为队列项运行：%1</translation>
    </message>
</context>
<context>
    <name>ys::WorkersModel</name>
    <message>
        <source>Worker</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Heartbeat</source>
        <translation>心跳</translation>
    </message>
    <message>
        <source>When the process running the worker&apos;s session last said it was alive (every 5 s)</source>
        <translation>运行该工作进程会话的进程最近一次报告存活的时间（每 5 秒）</translation>
    </message>
    <message>
        <source>Lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>ys::XlsxSink</name>
    <message>
        <source>it is a folder</source>
        <translation>这是一个文件夹</translation>
    </message>
    <message>
        <source>the workbook could not be made</source>
        <translation>无法创建工作簿</translation>
    </message>
    <message>
        <source>sheet &quot;%1&quot; could not be added</source>
        <translation>无法添加工作表“%1”</translation>
    </message>
    <message>
        <source>a further sheet could not be added</source>
        <translation>无法再添加工作表</translation>
    </message>
    <message>
        <source>the workbook was not opened</source>
        <translation>工作簿未打开</translation>
    </message>
</context>
</TS>
