//! Machine code of generated device code, kept on disk between runs.
//!
//! NVRTC takes 4-10 s for the whole programs of a 200-program battery (an
//! H200 host, `BENCHMARKS.md`), every time a process starts: as PTX the
//! driver's own cache kept the JIT's output, but machine code straight from
//! NVRTC is nobody's to keep. Images are stored under a key of the source
//! and the architecture, written to a temporary file and renamed, so a
//! reader never sees half an image. The directory is `$BATTGEN_CACHE_DIR`,
//! else `$XDG_CACHE_HOME/battgen/cubin`, else `~/.cache/battgen/cubin`;
//! `BATTGEN_CACHE_DIR=off` turns the cache off. Nothing here touches CUDA.

use std::path::PathBuf;

pub struct ImageCache {
    dir: PathBuf,
}

impl ImageCache {
    /// The cache of this environment, if it has a directory for one.
    pub fn from_env() -> Option<ImageCache> {
        let dir = match std::env::var_os("BATTGEN_CACHE_DIR") {
            Some(d) if d == "off" => return None,
            Some(d) => PathBuf::from(d),
            None => std::env::var_os("XDG_CACHE_HOME")
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?
                .join("battgen")
                .join("cubin"),
        };
        Some(ImageCache { dir })
    }

    pub fn at(dir: PathBuf) -> ImageCache {
        ImageCache { dir }
    }

    /// The file of the image of `source` for `arch` (a 64-bit FNV-1a hash
    /// of both and the source's length: stable across builds and machines).
    fn path(&self, source: &str, arch: &str) -> PathBuf {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in arch.bytes().chain([0u8]).chain(source.bytes()) {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        self.dir
            .join(format!("{h:016x}-{:x}-{arch}.cubin", source.len()))
    }

    pub fn get(&self, source: &str, arch: &str) -> Option<Vec<u8>> {
        std::fs::read(self.path(source, arch))
            .ok()
            .filter(|image| !image.is_empty())
    }

    /// Keep `image`; a failure only costs the next run a compile.
    pub fn put(&self, source: &str, arch: &str, image: &[u8]) {
        let path = self.path(source, arch);
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        let written = std::fs::create_dir_all(&self.dir)
            .and_then(|_| std::fs::write(&tmp, image))
            .and_then(|_| std::fs::rename(&tmp, &path));
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_comes_back_for_its_source_and_architecture_only() {
        let dir = std::env::temp_dir().join(format!("battgen-image-cache-{}", std::process::id()));
        let cache = ImageCache::at(dir.clone());
        assert_eq!(cache.get("src", "sm_90"), None);
        cache.put("src", "sm_90", b"image");
        assert_eq!(cache.get("src", "sm_90").as_deref(), Some(&b"image"[..]));
        assert_eq!(cache.get("src", "sm_80"), None);
        assert_eq!(cache.get("src2", "sm_90"), None);
        let _ = std::fs::remove_dir_all(dir);
    }
}
