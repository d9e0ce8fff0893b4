//! The Slurm scripts on a real Slurm (docs/sweeps.md, "Slurm"): the test starts a one-node
//! cluster on localhost — its own munged with a fresh key, slurmctld and slurmd, configured by a
//! slurm.conf in a temporary folder and reached through `SLURM_CONF` — submits a sharded sweep
//! as an array job of `scripts/slurm/sweep.sbatch` and the merge as a job of
//! `scripts/slurm/merge.sbatch` that depends on it, as a cluster user types them, and checks
//! the merged store against the same sweep run on one machine. Full tier; never skipped:
//! without Slurm or munge the test fails and says that scripts/test.sh installs them.

use crate::common::{self, flitwave};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A tiny sweep: a 4x4 VC mesh, 2 rates x 2 VC counts x 2 seeds = 8 points of 2000 cycles.
const SWEEP: &[&str] = &[
    "--config",
    "configs/booksim-iq.toml",
    "--set",
    "topology.dims=\"4x4\"",
    "--cycles",
    "2000",
    "--rates",
    "0.1,0.3",
    "--grid",
    "switch.vcs=1,2",
    "--seeds",
    "2",
    "--quiet",
];
const SHARDS: usize = 3;

/// The programs the cluster needs, and the package that brings each.
const TOOLS: &[(&str, &str)] = &[
    ("munged", "munge"),
    ("slurmctld", "slurmctld"),
    ("slurmd", "slurmd"),
    ("sbatch", "slurm-client"),
    ("scontrol", "slurm-client"),
    ("sinfo", "slurm-client"),
];

fn require_tools() {
    for (tool, package) in TOOLS {
        let found = Command::new("which")
            .arg(tool)
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(
            found,
            "{tool} is not installed: bash scripts/test.sh installs Slurm and munge \
             (apt-get install -y --no-install-recommends slurmctld slurmd slurm-client munge; \
             {tool} is in {package})"
        );
    }
}

/// A one-node Slurm on localhost, all its daemons children of the test. Dropping it cancels
/// every job and stops the daemons, also when the test fails; the folder is kept then, for its
/// logs.
struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    /// munged, slurmctld, slurmd, in start order.
    daemons: Vec<(&'static str, Child)>,
}

impl Cluster {
    fn start(dir: &Path) -> Cluster {
        require_tools();
        let dir = dir.to_path_buf();
        let path = |p: &str| dir.join(p).to_str().unwrap().to_string();
        // munged insists on a socket folder that everyone may enter and a key only its owner
        // reads
        let munge = dir.join("munge");
        for d in [&dir, &munge] {
            std::fs::create_dir_all(d).unwrap();
            set_mode(d, 0o755);
        }
        for d in ["state", "spool"] {
            std::fs::create_dir_all(dir.join(d)).unwrap();
        }
        let key = munge.join("munge.key");
        let mut bytes = vec![0u8; 1024];
        rand::fill(&mut bytes[..]);
        std::fs::write(&key, &bytes).unwrap();
        set_mode(&key, 0o400);
        let socket = path("munge/munge.socket");

        let host = hostname();
        let user = output(Command::new("id").arg("-un")).trim().to_string();
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        // free ports, so that clusters of parallel test runs do not meet
        let (ctld_port, slurmd_port) = (free_port(), free_port());
        let conf = dir.join("slurm.conf");
        std::fs::write(
            &conf,
            format!(
                "ClusterName=flitwave\n\
                 SlurmctldHost={host}(127.0.0.1)\n\
                 SlurmctldPort={ctld_port}\n\
                 SlurmdPort={slurmd_port}\n\
                 SlurmUser={user}\n\
                 SlurmdUser={user}\n\
                 AuthType=auth/munge\n\
                 AuthInfo=socket={socket}\n\
                 CredType=cred/munge\n\
                 StateSaveLocation={state}\n\
                 SlurmdSpoolDir={spool}\n\
                 SlurmctldPidFile={dir}/slurmctld.pid\n\
                 SlurmdPidFile={dir}/slurmd.pid\n\
                 SlurmctldLogFile={dir}/slurmctld.log\n\
                 SlurmdLogFile={dir}/slurmd.log\n\
                 ProctrackType=proctrack/linuxproc\n\
                 TaskPlugin=task/none\n\
                 SelectType=select/cons_tres\n\
                 SelectTypeParameters=CR_CPU\n\
                 JobAcctGatherType=jobacct_gather/none\n\
                 AccountingStorageType=accounting_storage/none\n\
                 MpiDefault=none\n\
                 MailProg=/bin/true\n\
                 # a job whose dependency can never be met is cancelled, not left pending\n\
                 SchedulerParameters=kill_invalid_depend\n\
                 ReturnToService=2\n\
                 NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} RealMemory=500 State=UNKNOWN\n\
                 PartitionName=debug Nodes={host} Default=YES MaxTime=INFINITE State=UP\n",
                state = path("state"),
                spool = path("spool"),
                dir = dir.display(),
            ),
        )
        .unwrap();

        let mut c = Cluster {
            dir: dir.clone(),
            conf,
            daemons: vec![],
        };
        c.spawn(
            "munged",
            Command::new("munged").args([
                "--foreground",
                &format!("--key-file={}", key.display()),
                &format!("--socket={socket}"),
                &format!("--pid-file={}", path("munge/munged.pid")),
                &format!("--log-file={}", path("munge/munged.log")),
                &format!("--seed-file={}", path("munge/munged.seed")),
            ]),
        );
        wait_for(Duration::from_secs(30), || Path::new(&socket).exists())
            .unwrap_or_else(|| panic!("munged made no socket{}", c.logs()));
        c.spawn("slurmctld", Command::new("slurmctld").args(["-D", "-i"]));
        c.spawn("slurmd", Command::new("slurmd").args(["-D", "-N", &host]));
        wait_for(Duration::from_secs(60), || {
            c.try_cmd("sinfo", &["-h", "-N", "-o", "%T"])
                .is_some_and(|s| s.trim() == "idle")
        })
        .unwrap_or_else(|| panic!("the node did not become idle{}", c.logs()));
        c
    }

    fn spawn(&mut self, name: &'static str, cmd: &mut Command) {
        let log = std::fs::File::create(self.dir.join(format!("{name}.out"))).unwrap();
        let child = cmd
            .env("SLURM_CONF", &self.conf)
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("{name} does not start: {e}"));
        self.daemons.push((name, child));
    }

    /// A Slurm client command against this cluster, from the repository's root (where a cluster
    /// user stands to submit the scripts), with `env` added.
    fn cmd(&self, program: &str, args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
        Command::new(program)
            .args(args)
            .env("SLURM_CONF", &self.conf)
            .envs(env.iter().copied())
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap_or_else(|e| panic!("{program} does not run: {e}"))
    }

    fn try_cmd(&self, program: &str, args: &[&str]) -> Option<String> {
        let out = self.cmd(program, args, &[]);
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// `sbatch --parsable ARGS`: the job id.
    fn sbatch(&self, args: &[&str], env: &[(&str, &str)]) -> String {
        let out = self.cmd("sbatch", &[&["--parsable"], args].concat(), env);
        assert!(
            out.status.success(),
            "sbatch {args:?}: {}{}",
            String::from_utf8_lossy(&out.stderr),
            self.logs()
        );
        let id = String::from_utf8_lossy(&out.stdout).trim().to_string();
        assert!(id.parse::<u64>().is_ok(), "sbatch printed {id:?}");
        id
    }

    /// The state of every job of `id` (every task of an array) once none is pending or running
    /// any more.
    fn wait_done(&self, id: &str) -> Vec<String> {
        const OVER: &[&str] = &[
            "COMPLETED",
            "FAILED",
            "CANCELLED",
            "TIMEOUT",
            "NODE_FAIL",
            "OUT_OF_MEMORY",
            "BOOT_FAIL",
            "DEADLINE",
            "PREEMPTED",
        ];
        let states = || -> Vec<String> {
            let text = self
                .try_cmd("scontrol", &["show", "job", "-o", id])
                .unwrap_or_default();
            text.lines()
                .filter_map(|l| l.split(' ').find_map(|w| w.strip_prefix("JobState=")))
                .map(str::to_string)
                .collect()
        };
        wait_for(Duration::from_secs(240), || {
            let s = states();
            !s.is_empty() && s.iter().all(|s| OVER.contains(&s.as_str()))
        })
        .unwrap_or_else(|| {
            panic!(
                "job {id} did not finish in 4 minutes: {:?}{}",
                states(),
                self.logs()
            )
        });
        states()
    }

    /// The end of every log, for a failure's message.
    fn logs(&self) -> String {
        let mut text = format!("\n(the cluster's folder: {})", self.dir.display());
        for name in [
            "munged.out",
            "munge/munged.log",
            "slurmctld.out",
            "slurmctld.log",
            "slurmd.out",
            "slurmd.log",
        ] {
            let all = std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
            let tail: Vec<&str> = all.lines().rev().take(15).collect();
            text += &format!("\n--- {name} (last lines)\n");
            for l in tail.into_iter().rev() {
                text += l;
                text += "\n";
            }
        }
        text
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // a job still running would outlive slurmd (its slurmstepd is not slurmd's child)
        if !self.daemons.is_empty() {
            let _ = self.cmd("scancel", &["--partition=debug"], &[]);
            wait_for(Duration::from_secs(10), || {
                self.try_cmd("squeue", &["-h", "-t", "running,completing"])
                    .is_none_or(|s| s.trim().is_empty())
            });
        }
        for (_, child) in self.daemons.iter_mut().rev() {
            let _ = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            let gone = wait_for(Duration::from_secs(10), || {
                child.try_wait().ok().flatten().is_some()
            });
            if gone.is_none() {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
        if std::thread::panicking() {
            eprintln!("the Slurm cluster's folder is kept: {}", self.dir.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Poll `done` every 200 ms until it holds (`Some`) or `limit` passes (`None`).
fn wait_for(limit: Duration, mut done: impl FnMut() -> bool) -> Option<()> {
    let t0 = Instant::now();
    loop {
        if done() {
            return Some(());
        }
        if t0.elapsed() > limit {
            return None;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn set_mode(p: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn output(cmd: &mut Command) -> String {
    String::from_utf8_lossy(&cmd.output().unwrap().stdout).into_owned()
}

/// This machine's short host name: slurmctld and slurmd know themselves by it.
fn hostname() -> String {
    let full = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
    full.trim().split('.').next().unwrap().to_string()
}

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
#[ignore = "full tier: a one-node Slurm"]
fn an_array_job_and_its_dependent_merge_give_the_one_machine_store() {
    let d = common::fresh_dir("slurm", "array");
    for script in ["scripts/slurm/sweep.sbatch", "scripts/slurm/merge.sbatch"] {
        let st = Command::new("bash").args(["-n", script]).status().unwrap();
        assert!(st.success(), "{script} has a syntax error");
    }
    let cluster = Cluster::start(&d.join("cluster"));
    let store = d.join("store");
    let bin = env!("CARGO_BIN_EXE_flitwave");
    let env = [("FLITWAVE", bin), ("STORE_DIR", common::arg(&store))];
    let logs = |name: &str| common::arg(&d.join(name)).to_string();

    // as docs/sweeps.md submits them; the sweep's tasks learn the shard count from Slurm
    // (SLURM_ARRAY_TASK_COUNT), the merge from SHARDS. The script asks for 4 CPUs a task:
    // one here, where the node may have fewer.
    let array = format!("--array=1-{SHARDS}");
    let shards = SHARDS.to_string();
    let sweep_log = logs("sweep-%A_%a.log");
    let jid = cluster.sbatch(
        &[
            &[
                array.as_str(),
                "--cpus-per-task=1",
                "--output",
                &sweep_log,
                "scripts/slurm/sweep.sbatch",
            ],
            SWEEP,
        ]
        .concat(),
        &env,
    );
    let merge_log = logs("merge-%j.log");
    let mid = cluster.sbatch(
        &[
            &format!("--dependency=afterok:{jid}"),
            "--output",
            &merge_log,
            "scripts/slurm/merge.sbatch",
            "all.jsonl",
        ],
        &[&env[..], &[("SHARDS", shards.as_str())]].concat(),
    );
    let every_log = || {
        let mut names: Vec<PathBuf> = std::fs::read_dir(&d)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "log"))
            .collect();
        names.sort();
        names
            .iter()
            .map(|p| format!("--- {}\n{}", p.display(), read(p)))
            .collect::<String>()
    };
    let tasks = cluster.wait_done(&jid);
    assert_eq!(
        tasks,
        vec!["COMPLETED"; SHARDS],
        "the sweep's tasks\n{}",
        every_log()
    );
    let merge = cluster.wait_done(&mid);
    assert_eq!(merge, ["COMPLETED"], "the merge\n{}", every_log());
    for i in 1..=SHARDS {
        let shard = read(&store.join(format!("shard-{i}.jsonl")));
        assert!(!shard.is_empty(), "shard {i} is empty");
    }

    // the same sweep on one machine; every record carries the provenance of the one binary
    // both ran, so the stores must be equal byte for byte
    let one = d.join("one.jsonl");
    let (good, _, err) = flitwave(&[&["sweep"], SWEEP, &["--store", common::arg(&one)]].concat());
    assert!(good, "{err}");
    let merged = read(&store.join("all.jsonl"));
    assert_eq!(merged.lines().count(), 8, "2 rates x 2 VC counts x 2 seeds");
    let alone = read(&one);
    if merged != alone {
        let (m, o): (Vec<&str>, Vec<&str>) = (merged.lines().collect(), alone.lines().collect());
        let Some(at) = (0..m.len().max(o.len())).find(|&i| m.get(i) != o.get(i)) else {
            panic!("the merged store differs from the one-machine store in line endings only");
        };
        panic!(
            "the merged store differs from the one-machine store at line {}:\n--- merged\n{}\n\
             --- one machine\n{}",
            at + 1,
            m.get(at).unwrap_or(&"(none)"),
            o.get(at).unwrap_or(&"(none)")
        );
    }

    // a merge that misses a shard fails as a job, and writes nothing
    let more = (SHARDS + 1).to_string();
    let again = cluster.sbatch(
        &[
            "--output",
            &merge_log,
            "scripts/slurm/merge.sbatch",
            "again.jsonl",
        ],
        &[&env[..], &[("SHARDS", more.as_str())]].concat(),
    );
    assert_eq!(cluster.wait_done(&again), ["FAILED"]);
    let log = read(&d.join(format!("merge-{again}.log")));
    assert!(log.contains(&format!("shard-{more}.jsonl")), "{log}");
    assert!(!store.join("again.jsonl").exists());

    drop(cluster);
    let _ = std::fs::remove_dir_all(&d);
}
